"""The command line: `minesat COMMAND` (`commands.main`) within time and memory bounds (`limits`)."""
