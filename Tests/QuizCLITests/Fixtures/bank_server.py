#!/usr/bin/env python3
"""A tiny HTTP server for quiz's tests: serves the files of FOLDER on
127.0.0.1 at a port the system chooses, and prints that port on a line of
its own. The query string is ignored when looking a file up, so
/api.php?amount=3 serves FOLDER/api.php.

What it does on each request is read from FOLDER/.behaviour, so a test can
change it between two runs of quiz:
  ok (or no file)  serve the file, or 404
  500              answer 500 Internal Server Error
  hang             accept the request and answer nothing for HANG seconds
  endless          200 and a bank that never ends, with no length, as fast
                   as the client reads, until it hangs up (or HANG seconds)
  huge             200 announcing a 16 GiB body, then sending as endless does
  trickle          200 and the file, one byte every half second
Every request line's target is appended to FOLDER/.requests.

Everything is bounded: the server exits by itself after LIFETIME seconds,
in case the test that started it dies without stopping it.

usage: bank_server.py FOLDER [LIFETIME=120] [HANG=30]
"""

import http.server
import os
import signal
import sys
import time

FOLDER = os.path.realpath(sys.argv[1])
LIFETIME = float(sys.argv[2]) if len(sys.argv) > 2 else 120.0
HANG = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0


def behaviour():
    try:
        with open(os.path.join(FOLDER, ".behaviour"), encoding="utf-8") as file:
            return file.read().strip() or "ok"
    except FileNotFoundError:
        return "ok"


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(os.path.join(FOLDER, ".requests"), "a", encoding="utf-8") as log:
            log.write(self.path + "\n")
        mode = behaviour()
        if mode == "hang":
            time.sleep(HANG)
            return
        if mode == "500":
            self.answer(500, b"oops\n", "text/plain")
            return
        if mode in ("endless", "huge"):
            self.endless(announce=16 << 30 if mode == "huge" else None)
            return
        name = self.path.split("?", 1)[0].lstrip("/")
        path = os.path.realpath(os.path.join(FOLDER, name))
        if not path.startswith(FOLDER + os.sep) or not os.path.isfile(path):
            self.answer(404, b"not found\n", "text/plain")
            return
        with open(path, "rb") as file:
            body = file.read()
        if mode == "trickle":
            self.trickle(body)
            return
        self.answer(200, body, "application/json")

    def endless(self, announce):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announce is not None:
            self.send_header("Content-Length", str(announce))
        self.end_headers()
        question = b'{"prompt": "Is this the end?", "answer": false},\n' * 1000
        deadline = time.monotonic() + HANG
        try:
            self.wfile.write(b'{"title": "Endless", "questions": [\n')
            while time.monotonic() < deadline:
                self.wfile.write(question)
        except OSError:
            pass

    def trickle(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for index in range(len(body)):
                self.wfile.write(body[index : index + 1])
                self.wfile.flush()
                time.sleep(0.5)
        except OSError:
            pass

    def answer(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def main():
    # A test runner may start us with SIGTERM blocked or ignored; be stoppable.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    server = Server(("127.0.0.1", 0), Handler)
    server.timeout = 0.2
    print(server.server_address[1], flush=True)
    deadline = time.monotonic() + LIFETIME
    while time.monotonic() < deadline:
        server.handle_request()
    server.server_close()


if __name__ == "__main__":
    main()
