"""Run a preview: bind the server, build the kit, then rebuild on every save until Ctrl+C."""

from __future__ import annotations

import errno
from collections.abc import Callable
from threading import Event, Thread

from generator.core.errors import UsageError
from generator.core.options import BuildOptions
from generator.serve.compare import Comparison
from generator.serve.preview import Preview
from generator.serve.server import PreviewServer
from generator.serve.watch import Outcome, Session, events, run


def open_server(preview: Preview, host: str, port: int) -> PreviewServer:
    """The preview's server, listening on ``host:port`` (port 0: any free port); UsageError when
    that address cannot be used."""
    try:
        return PreviewServer(preview, host, port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} on {host} is in use (another serve?): choose another with --port N, "
                "or --port 0 for any free port"
            ) from None
        why = exc.strerror or str(exc)
        raise UsageError(f"cannot listen on {host} port {port} ({why}): check --host and --port") from None


def serve(
    game: str,
    options: BuildOptions,
    host: str,
    port: int,
    started: Callable[[PreviewServer], None],
    show: Callable[[Outcome], None],
    stop: Event | None = None,
    only: list[str] | None = None,
    editor: str = "",
    compare: str | None = None,
) -> None:
    """Serve ``game`` on ``host:port``: ``started`` is called once the server listens (before
        the first build), ``show`` after each rebuild (then the proofreader reads it and the page hears
    again); ``only``: ``--only`` selectors, the cards shown and rebuilt; ``editor``: the link
    template that opens a file at a line (``serve.editor.choose``); ``compare``: the version the
    ``/compare`` page compares with (UsageError at once when it cannot be read). Returns when interrupted (or
    ``stop`` is set)."""
    comparison = Comparison(game, compare) if compare is not None else None
    session = Session(game, options, only)
    preview = Preview(session, editor)
    server = open_server(preview, host, port)
    server.compare = comparison
    thread = Thread(target=server.serve_forever, name="deckwright-serve", daemon=True)
    thread.start()
    wanted, done = Event(), Event()
    reader = Thread(target=_proofreading, args=(preview, wanted, done), name="deckwright-proof", daemon=True)
    reader.start()
    try:
        started(server)
        first = session.start()
        preview.apply(first, proofread=False)
        show(first)
        wanted.set()  # the proofreader reads the build while the watcher already listens

        def rebuilt(outcome: Outcome) -> None:
            preview.apply(outcome, proofread=False)
            show(outcome)
            wanted.set()

        run(session, events(session.roots(), stop), rebuilt)
    finally:
        done.set()
        wanted.set()
        server.stop()


def _proofreading(preview: Preview, wanted: Event, done: Event) -> None:
    """The proofreader's own thread: read the latest good build each time one is published
    (builds published meanwhile are read together), until ``done``."""
    import traceback

    while True:
        wanted.wait()
        wanted.clear()
        if done.is_set():
            return
        try:
            preview.proofread()
        except Exception:  # a bug in a rule must not end the preview: show it, keep serving
            traceback.print_exc()
