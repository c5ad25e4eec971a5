"""``python -m netjer``: the ``netjer`` command."""

from netjer.cli.main import main

main()
