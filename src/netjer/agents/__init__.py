"""Players that choose actions through the kernel contract only (DESIGN.md, "Agents").

An agent receives a :class:`~netjer.core.view.PlayerView`, never a state.  Build one from a
specification string with :func:`netjer.agents.registry.make_agent`.
"""

from netjer.agents.base import Agent
from netjer.agents.heuristic import HeuristicAgent
from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.random_agent import RandomAgent
from netjer.agents.registry import AgentSpec, make_agent, parse_agent_spec

__all__ = [
    "Agent",
    "AgentSpec",
    "HeuristicAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "make_agent",
    "parse_agent_spec",
]
