"""Matches between agents (and, later, tournaments, ratings and balance reports)."""
