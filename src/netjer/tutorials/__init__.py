"""Guided first games (issue 30 item 1): a lesson is a scripted, seeded game written as data
(:mod:`netjer.tutorials.lesson`, one TOML file per lesson beside its game's rules texts) and
played through the engine by a front-end independent runner (:mod:`netjer.tutorials.runner`).
The file format is described in docs/tutorials.md."""
