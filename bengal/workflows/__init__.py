"""Workflows: one function per command."""
