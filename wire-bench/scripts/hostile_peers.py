#!/usr/bin/env python3
"""Hostile peers against `zwire serve`: usage hostile_peers.py PORT PEERS BODY_BYTES HOLD_SECONDS.
50 peers each send a valid hello and a frame header declaring a 256 MiB frame, then BODY bytes of it,
and hold their connections; then a well-behaved check: can a new peer still connect and get a hello?"""
import socket, struct, sys, time
port, peers, body = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
alias = b"Order"
rest = bytes([0, 1, 4]) + struct.pack("<H", 1) + bytes([len(alias)]) + alias + struct.pack("<q", 0)
hello = b"ZWRE" + struct.pack("<H", 1) + struct.pack("<i", len(rest)) + rest
header = struct.pack("<iH", 256 << 20, 0)
socks, closed = [], 0
for i in range(peers):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(hello + header)
        socks.append(s)
    except OSError as e:
        print("peer", i, "refused:", e); closed += 1
chunk = b"\0" * 65536
for s in socks:
    try:
        for _ in range(body // 65536):
            s.sendall(chunk)
    except OSError:
        closed += 1
time.sleep(2)
try:
    c = socket.create_connection(("127.0.0.1", port), timeout=5)
    c.sendall(hello)
    got = c.recv(4)
    print("a new peer after the attack gets:", got)
except OSError as e:
    print("a new peer after the attack:", e)
print("peers whose send failed:", closed)
sys.stdout.flush()
time.sleep(float(sys.argv[4]) if len(sys.argv) > 4 else 5)
