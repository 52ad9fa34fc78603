"""A headless Chromium driven over the DevTools protocol, with the standard library only.

Chromium is started with ``--remote-debugging-pipe``: it reads commands (JSON, each ended by a
NUL byte) on file descriptor 3 and writes answers and events on 4. ``find_chromium`` looks for
Debian's ``chromium`` (or ``DECKWRIGHT_CHROMIUM``); tests skip when there is none.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--remote-debugging-pipe",
)


def find_chromium() -> str | None:
    """The Chromium executable to drive, or None."""
    named = os.environ.get("DECKWRIGHT_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page; ``call`` sends a command to the page."""

    def __init__(self, executable: str, width: int = 1400, height: int = 1000):
        self.profile = tempfile.mkdtemp(prefix="deckwright-chromium-")
        to_chrome, self._write = os.pipe()
        self._read, from_chrome = os.pipe()

        def wire() -> None:  # in the child: its fd 3 reads our commands, fd 4 takes its answers
            os.dup2(to_chrome, 3)
            os.dup2(from_chrome, 4)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=wire,
            close_fds=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome)
        os.close(from_chrome)
        self._next = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        threading.Thread(target=self._listen, daemon=True).start()
        target = self.call("Target.createTarget", {"url": "about:blank"}, page=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, page=False)[
            "sessionId"
        ]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})  # fmt: skip

    def _listen(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._read, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._arrived:
                    self._answers[-1] = {"error": {"message": "Chromium closed the pipe"}}
                    self._arrived.notify_all()
                return
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                message = json.loads(raw)
                if "id" in message:
                    with self._arrived:
                        self._answers[message["id"]] = message
                        self._arrived.notify_all()

    def call(
        self, method: str, params: dict[str, Any] | None = None, page: bool = True, timeout: float = 60
    ) -> Any:
        """Send one command and wait for its answer; raise RuntimeError on a protocol error."""
        with self._arrived:
            self._next += 1
            number = self._next
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        with self._arrived:
            if not self._arrived.wait_for(lambda: number in self._answers or -1 in self._answers, timeout):
                raise TimeoutError(f"Chromium did not answer {method} within {timeout} s")
            answer = self._answers.pop(number, None) or self._answers[-1]
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})

    def goto(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30) -> Any:
        """Poll ``expression`` until it is truthy; its value, or AssertionError after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def key(self, key: str, code: str = "", text: str = "") -> None:
        """Press and release one key (``Tab``, ``Enter``, ``ArrowRight``, ``Escape``, ``/``)."""
        codes = {"Tab": 9, "Enter": 13, "Escape": 27, "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39,
                 "ArrowDown": 40, "/": 191}  # fmt: skip
        common = {"key": key, "code": code or key, "windowsVirtualKeyCode": codes.get(key, 0)}
        text = text or {"Enter": "\r", "/": "/"}.get(key, "")
        down = {"type": "keyDown", **common, **({"text": text} if text else {})}
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **common})

    def dark(self, on: bool) -> None:
        value = "dark" if on else "light"
        self.call(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]}
        )

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.call("Browser.close", page=False, timeout=10)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._write, self._read):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)
