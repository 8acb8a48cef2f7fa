/// Where a request says its body ends, from its `Content-Length` and `Transfer-Encoding` field
/// lines (RFC 9112 section 6.3).
///
/// Only unambiguous framings are valid: no body length, one decimal `Content-Length`, or one
/// `Transfer-Encoding: chunked` (the only coding libmicrohttpd decodes) without a
/// `Content-Length`. Anything else (two lengths, a list of lengths, both headers, another
/// coding) could make the server read part of a body as a second request, a request a proxy in
/// front of it never saw: such requests get 400 and the connection is closed.
struct RequestFraming: Sendable {
    /// The values of every `Content-Length` field line, in order.
    var contentLengths: [String]
    /// The values of every `Transfer-Encoding` field line, in order.
    var transferEncodings: [String]

    /// False when the body's length is ambiguous or cannot be determined.
    var isValid: Bool {
        if !transferEncodings.isEmpty {
            return contentLengths.isEmpty && transferEncodings.count == 1
                && transferEncodings[0].trimmingSpaces().lowercased() == "chunked"
        }
        guard contentLengths.count <= 1 else { return false }
        return contentLengths.allSatisfy { value in
            let digits = value.trimmingSpaces().utf8
            return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }

    /// The header names whose values ``init(contentLengths:transferEncodings:)`` takes,
    /// lower-cased.
    static let contentLength = "content-length"
    static let transferEncoding = "transfer-encoding"
}
