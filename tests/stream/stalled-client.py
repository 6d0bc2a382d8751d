"""A client that stops reading a stream: it asks for it with a receive buffer of 4 KiB (so that what the
server writes piles up in the server, not in this host's sockets), reads the answer's headers, stops
reading until it is told to go on (a line on its standard input), then reads everything to the end and prints
it. Used by stream.test.ts."""
import socket
import sys

host, port, path, token = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
s.connect((host, port))
s.sendall(f"GET {path} HTTP/1.0\r\nHost: {host}:{port}\r\nAuthorization: Token {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
head = b""
while b"\r\n\r\n" not in head:
    head += s.recv(1)
sys.stdout.write("READY\n")
sys.stdout.flush()
sys.stdin.readline()
s.settimeout(60)
while True:
    chunk = s.recv(65536)
    if not chunk:
        break
    sys.stdout.buffer.write(chunk)
sys.stdout.flush()
