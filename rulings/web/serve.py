"""The `serve` command: start the web app with uvicorn on loopback unless told otherwise.

`--timeout SECONDS` is, for a server, how long one request's search may run
(the command line's other commands stop as a whole; a server runs until it
is stopped). Bound beyond loopback, it warns: anyone who can reach the
address can use it, and only the names `--allow-host` gives are answered.
"""

from __future__ import annotations

import argparse
import sys

from rulings.web.guard import allowed_hosts, is_loopback


def run_serve(args: argparse.Namespace) -> int:
    """`rulings serve [PACK ...] [--host H] [--port N] [--allow-host NAME ...] [--timeout S]`: serve until
    interrupted."""
    import uvicorn

    from rulings.web.app import create_app

    seconds = getattr(args, "timeout", None)
    _no_whole_run_limit()
    hosts = allowed_hosts(args.host, getattr(args, "allow_host", None) or ())
    # load the named packs now: a bad one is a message before anything listens
    app = create_app(args.packs, hosts=hosts, search_seconds=seconds)
    if not is_loopback(args.host):
        print(f"rulings: warning: listening on {args.host}, beyond this machine: anyone who can reach it can use "
              f"the explorer and its API, unencrypted.\n  hint: it answers only the host names "
              f"{', '.join(sorted(hosts))}; add the name others will type with --allow-host NAME",
              file=sys.stderr, flush=True)
    print(f"Rulings on http://{_shown(args.host)}:{args.port}/ (Ctrl+C stops it)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", limit_concurrency=256,
                h11_max_incomplete_event_size=64 * 1024)
    return 0


def _no_whole_run_limit() -> None:
    """Lift the whole-run `--timeout` the command line set: a server's limit is per request's search."""
    import signal

    from solver.space import model

    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)
    model.DEADLINE = None


def _shown(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
