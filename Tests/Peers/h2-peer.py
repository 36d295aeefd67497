#!/usr/bin/python3
"""An HTTP/2 server over TLS (ALPN h2) that misbehaves on purpose, for loadrun's tests.

    h2-peer.py CERT KEY MODE

Listens on 127.0.0.1, a free port, and prints `listening PORT` on stdout. Then, for each
request, it prints `request PATH` (the test's sign that the request arrived) and answers as
MODE says. A client that does not ask for h2 by ALPN gets a plain HTTP/1.1 200 whatever the
mode, and `request PATH HTTP/1.1` is printed.

  ok                  a 200 with a small JSON body
  stall               HEADERS, then nothing, for ever
  stall-headers       nothing at all: the request is read and never answered
  continuation-flood  HEADERS without END_HEADERS, then CONTINUATION frames without end
  ping-flood          PING frames without end, and no answer
  settings-flood      SETTINGS frames without end, and no answer
  big-header          a HEADERS block of 200 KiB (in CONTINUATION frames), then nothing
  rst-before          RST_STREAM INTERNAL_ERROR before any header
  rst-after           HEADERS, then RST_STREAM INTERNAL_ERROR
  rst-after-data      HEADERS, 10 bytes of DATA, then RST_STREAM INTERNAL_ERROR
  refused             RST_STREAM REFUSED_STREAM before any header
  goaway              GOAWAY NO_ERROR with last stream 0: the request was not processed
  goaway-error        GOAWAY INTERNAL_ERROR naming the stream: it may have been processed

It serves until killed. Floods write frames by hand, since the h2 state machine refuses to
send what a broken peer sends.
"""
import json
import socket
import ssl
import struct
import sys
import threading

import h2.config
import h2.connection
import h2.errors
import h2.events

BODY = json.dumps([{"id": 1, "title": "over h2", "body": "b"}]).encode()


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream & 0x7FFFFFFF) + payload


HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, CONTINUATION = 0x1, 0x3, 0x4, 0x6, 0x7, 0x9


def serve(sock, mode):
    connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding=None))
    connection.initiate_connection()
    sock.sendall(connection.data_to_send())
    while True:
        data = sock.recv(65536)
        if not data:
            return
        try:
            events = connection.receive_data(data)
        except Exception:
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                path = dict(event.headers).get(b":path", b"?").decode()
                print("request", path, flush=True)
                answer(sock, connection, event.stream_id, mode)
        sock.sendall(connection.data_to_send())


def answer(sock, connection, stream, mode):
    if mode == "ok":
        connection.send_headers(stream, [(":status", "200"), ("content-type", "application/json"),
                                         ("content-length", str(len(BODY)))])
        connection.send_data(stream, BODY, end_stream=True)
    elif mode in ("stall", "rst-after"):
        connection.send_headers(stream, [(":status", "200"), ("content-type", "application/json")])
        if mode == "rst-after":
            sock.sendall(connection.data_to_send())
            connection.reset_stream(stream, h2.errors.ErrorCodes.INTERNAL_ERROR)
    elif mode == "rst-after-data":
        # Ten bytes of the body, then the stream reset: the read in progress must fail.
        connection.send_headers(stream, [(":status", "200"), ("content-type", "application/json")])
        connection.send_data(stream, BODY[:10])
        sock.sendall(connection.data_to_send())
        connection.reset_stream(stream, h2.errors.ErrorCodes.INTERNAL_ERROR)
    elif mode == "rst-before":
        connection.reset_stream(stream, h2.errors.ErrorCodes.INTERNAL_ERROR)
    elif mode == "refused":
        connection.reset_stream(stream, h2.errors.ErrorCodes.REFUSED_STREAM)
    elif mode == "goaway":
        connection.close_connection(h2.errors.ErrorCodes.NO_ERROR, last_stream_id=0)
    elif mode == "goaway-error":
        connection.close_connection(h2.errors.ErrorCodes.INTERNAL_ERROR, last_stream_id=stream)
    elif mode == "stall-headers":
        pass
    else:
        sock.sendall(connection.data_to_send())
        flood(sock, stream, mode)


def serve_http1(sock):
    """One HTTP/1.1 request, answered with BODY, and the connection closed."""
    head = b""
    while b"\r\n\r\n" not in head:
        data = sock.recv(65536)
        if not data:
            return
        head += data
    path = head.split(b" ")[1].decode()
    print("request", path, "HTTP/1.1", flush=True)
    sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                 + b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY)


def flood(sock, stream, mode):
    """Writes frames until the peer goes away."""
    try:
        if mode == "continuation-flood":
            sock.sendall(frame(HEADERS, 0, stream, b"\x88"))  # :status 200, no END_HEADERS
            while True:
                sock.sendall(frame(CONTINUATION, 0, stream) * 64)
        elif mode == "ping-flood":
            while True:
                sock.sendall(frame(PING, 0, 0, b"\x00" * 8) * 64)
        elif mode == "settings-flood":
            while True:
                sock.sendall(frame(SETTINGS, 0, 0, b"") * 64)
        elif mode == "big-header":
            # A literal header, never indexed: 0x10, a name, a value of 200 KiB.
            value = b"v" * (200 * 1024)
            block = b"\x88" + b"\x10" + bytes([0x03]) + b"x-a" + hpack_length(len(value)) + value
            first, rest = block[:16384], block[16384:]
            sock.sendall(frame(HEADERS, 0, stream, first))
            while rest:
                chunk, rest = rest[:16384], rest[16384:]
                sock.sendall(frame(CONTINUATION, 0x4 if not rest else 0, stream, chunk))
            threading.Event().wait()
    except OSError:
        return


def hpack_length(n):
    """An HPACK string length with a 7-bit prefix, no Huffman coding."""
    if n < 127:
        return bytes([n])
    out = [127]
    n -= 127
    while n >= 128:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def main():
    cert, key, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.set_alpn_protocols(["h2", "http/1.1"])
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print("listening", listener.getsockname()[1], flush=True)
    while True:
        raw, _ = listener.accept()

        def run(raw=raw):
            try:
                with context.wrap_socket(raw, server_side=True) as sock:
                    if sock.selected_alpn_protocol() == "h2":
                        serve(sock, mode)
                    else:
                        serve_http1(sock)
            except (OSError, ssl.SSLError):
                pass

        threading.Thread(target=run, daemon=True).start()


if __name__ == "__main__":
    main()
