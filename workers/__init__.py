"""The fleet: broker, actors, verdict events, the coordinator's client and the CLI."""
