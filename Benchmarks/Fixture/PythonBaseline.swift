//===----------------------------------------------------------------------===//
// PythonBaseline.swift: the python3 http.server scripts the fixture is measured against.
//===----------------------------------------------------------------------===//

/// Minimal single-threaded python3 `http.server` fixtures serving `GET /target` → 200 `ok` over
/// HTTP/1.1 keep-alive, the kind teams write for such tests. Each prints `PORT <n>` once listening
/// on an ephemeral 127.0.0.1 port.
enum PythonBaseline {
    /// As teams write it: `send_response`, `send_header`, `end_headers`, then `wfile.write`. The
    /// headers and the body leave in two writes, so Nagle's algorithm holds the body until the
    /// client acknowledges the headers, and the client delays that ACK (about 40 ms on Linux).
    static let stock = script(
        handler: """
                    self.send_response(200)
                    self.send_header("Content-Length", "2")
                    self.end_headers()
                    self.wfile.write(b"ok")
            """)

    /// The same server writing each response in one call: no Nagle stall, so this measures
    /// http.server itself.
    static let singleWrite = script(
        handler: """
                    self.wfile.write(b"HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\nok")
            """)

    private static func script(handler: String) -> String {
        """
        import http.server
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                if self.path != "/target":
                    self.send_error(404)
                    return
        \(handler)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        print("PORT", server.server_port, flush=True)
        server.serve_forever()
        """
    }
}
