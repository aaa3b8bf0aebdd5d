"""The module dramatiq's worker processes import: ``dramatiq workers.fleet``.

It builds the broker from the environment, makes it the global broker and
declares the two actors on it. ``verifleet worker`` runs dramatiq on this module.
"""

from __future__ import annotations

import sys

import dramatiq

from workers.actors import declare
from workers.brokers import make_broker
from workers.logs import adopt_stdlib, configure
from workers.runtime import RuntimeHolder
from workers.settings import Settings

settings = Settings()
# Our lines straight to the process's standard error, not through dramatiq's log pipe (logs.py).
configure(settings.log_level, settings.log_format, stream=sys.__stderr__ or sys.stderr)
adopt_stdlib(settings.log_format)  # dramatiq's own lines in this process, as ours
broker = make_broker(settings)
dramatiq.set_broker(broker)
holder = RuntimeHolder(settings)
actors = declare(broker, holder)
