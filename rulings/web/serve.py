"""The `serve` command: start the web app with uvicorn on loopback unless told otherwise."""

from __future__ import annotations

import argparse


def run_serve(args: argparse.Namespace) -> int:
    """`rulings serve [PACK ...] [--host H] [--port N]`: serve until interrupted."""
    import uvicorn

    from rulings.web.app import create_app

    app = create_app(args.packs)  # load the named packs now: a bad one is a message before anything listens
    print(f"Rulings on http://{args.host}:{args.port}/ (Ctrl+C stops it)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", limit_concurrency=256,
                h11_max_incomplete_event_size=64 * 1024)
    return 0
