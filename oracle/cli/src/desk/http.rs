//! A small, strict HTTP/1.1 server side: one request per connection,
//! read within a deadline and within size bounds, answered, closed.
//!
//! The desk serves one page and a JSON API to a browser on the same
//! machine, so it needs very little of HTTP: `GET`, `HEAD` and `POST`, a
//! body announced by `Content-Length`, and `Connection: close`. Everything
//! else is refused with a status that says why. What outside bytes can
//! cost is bounded: the request head (line and headers) by size, by a
//! wall-clock deadline that a client dripping one byte at a time cannot
//! stretch, and by a rate floor that cuts such a client (slowloris) off
//! within a second or two instead of letting it hold a place for the whole
//! deadline; the body by size, by its own deadline and its own floor.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// What a request may cost the server.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The request line and headers together, in bytes.
    pub max_head: usize,
    /// How many header lines.
    pub max_headers: usize,
    /// The request target (path and query), in bytes.
    pub max_target: usize,
    /// The whole head must arrive within this time of the connection.
    pub head_deadline: Duration,
    /// After the grace, the head must keep coming at this rate or better.
    pub head_floor: Floor,
    /// The body must arrive within this time of the head.
    pub body_deadline: Duration,
    /// After the grace, the body must keep coming at this rate or better.
    pub body_floor: Floor,
}

/// A rate floor: after `grace`, at least `bytes_per_sec` on average since
/// the start. A client on a real network clears it by far; one that sends
/// a byte now and then to keep a connection open does not.
#[derive(Clone, Copy, Debug)]
pub struct Floor {
    pub grace: Duration,
    pub bytes_per_sec: u64,
}

impl Floor {
    /// Whether `got` bytes `since` the start are too few.
    fn behind(&self, got: usize, since: Duration) -> bool {
        let Some(over) = since.checked_sub(self.grace) else {
            return false;
        };
        (got as f64) < self.bytes_per_sec as f64 * over.as_secs_f64()
    }
}

/// The clock of one read: the deadline, and the floor counted from `began`.
#[derive(Clone, Copy)]
struct Pace {
    began: Instant,
    deadline: Instant,
    floor: Floor,
}

impl Pace {
    fn new(deadline: Duration, floor: Floor) -> Pace {
        let began = Instant::now();
        Pace {
            began,
            deadline: began + deadline,
            floor,
        }
    }

    /// How long the next read may wait, or a timeout when the deadline has
    /// passed or the client has fallen below the floor with `got` bytes.
    fn next_wait(&self, got: usize) -> Result<Duration, HttpError> {
        let now = Instant::now();
        let left = self.deadline.saturating_duration_since(now);
        if left.is_zero() || self.floor.behind(got, now - self.began) {
            return Err(HttpError::Timeout);
        }
        // Wake often enough to check the floor.
        Ok(left.min(Duration::from_millis(200)))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_head: 16 << 10,
            max_headers: 64,
            max_target: 2048,
            head_deadline: Duration::from_secs(10),
            // A head is a few hundred bytes sent at once: 256 B/s after a
            // second cuts a dripping client off in one to two seconds.
            head_floor: Floor {
                grace: Duration::from_secs(1),
                bytes_per_sec: 256,
            },
            body_deadline: Duration::from_secs(60),
            // 64 KiB/s: a 16 MiB upload over the slowest real link in
            // time, a dripping one cut off after a few seconds.
            body_floor: Floor {
                grace: Duration::from_secs(2),
                bytes_per_sec: 64 << 10,
            },
        }
    }
}

/// The methods the desk answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
}

/// A request whose head has been read; the body is read on demand
/// ([`Request::read_body`]), once the route says how much it may hold.
#[derive(Debug)]
pub struct Request {
    pub method: Method,
    /// The path, without the query.
    pub path: String,
    /// The query string after `?`, if any (not decoded).
    pub query: Option<String>,
    /// Header names in lower case, values trimmed.
    pub headers: Vec<(String, String)>,
    /// Body bytes that arrived with the head.
    early: Vec<u8>,
    /// The announced body length (0 when none is announced).
    pub content_length: usize,
    /// How much of the body has been read.
    read: usize,
}

/// Why a request is refused before a route sees it, or while its body is
/// read: the fault is xq-render's type (whose catalogues word it); its
/// status is [`status`].
pub use xq_render::desk::HttpFault as HttpError;

/// The status code and its reason phrase of a refused request.
pub fn status(e: &HttpError) -> (u16, &'static str) {
    match e {
        HttpError::Closed | HttpError::Io(_) => (400, "Bad Request"),
        HttpError::Timeout => (408, "Request Timeout"),
        HttpError::Malformed(_) => (400, "Bad Request"),
        HttpError::HeadTooLarge => (431, "Request Header Fields Too Large"),
        HttpError::TargetTooLong => (414, "URI Too Long"),
        HttpError::BodyTooLarge { .. } => (413, "Content Too Large"),
        HttpError::LengthRequired => (411, "Length Required"),
        HttpError::NotImplemented(_) => (501, "Not Implemented"),
        HttpError::MethodNotAllowed(_) => (405, "Method Not Allowed"),
    }
}

/// Reads once into `buf` (at most `chunk` bytes), waiting no longer than
/// the pace allows: the deadline, and the floor for the `counted` bytes
/// received so far (`buf.len()` minus what came before the pace began).
/// A wait that ends with nothing read checks the pace again, so neither a
/// silent client nor one dripping a byte at a time can stretch it.
fn read_some(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    pace: &Pace,
    counted_from: usize,
    chunk: usize,
) -> Result<usize, HttpError> {
    let start = buf.len();
    buf.resize(start + chunk, 0);
    let n = loop {
        let wait = match pace.next_wait(start - counted_from) {
            Ok(w) => w,
            Err(e) => {
                buf.truncate(start);
                return Err(e);
            }
        };
        if let Err(e) = stream.set_read_timeout(Some(wait)) {
            buf.truncate(start);
            return Err(HttpError::Io(e.to_string()));
        }
        match stream.read(&mut buf[start..]) {
            Ok(n) => break n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::Interrupted
                        | io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(e) => {
                buf.truncate(start);
                return Err(HttpError::Io(e.to_string()));
            }
        }
    };
    buf.truncate(start + n);
    Ok(n)
}

fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n")
}

/// Whether `b` may appear in a header name (RFC 9110 `tchar`).
fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Reads one request's head from the connection.
pub fn read_request(stream: &mut TcpStream, limits: &Limits) -> Result<Request, HttpError> {
    let pace = Pace::new(limits.head_deadline, limits.head_floor);
    let mut buf = Vec::with_capacity(2048);
    loop {
        // Look only at the new bytes (and the three before them).
        let from = buf.len().saturating_sub(3);
        let n = read_some(stream, &mut buf, &pace, 0, 4096)?;
        if n == 0 {
            return Err(if buf.is_empty() {
                HttpError::Closed
            } else {
                HttpError::Malformed("the connection closed inside the request head".into())
            });
        }
        if find_head_end(&buf[from..]).is_some() || buf.len() > limits.max_head {
            break;
        }
    }
    parse_head(&buf, limits)
}

/// Parses a request head: `buf` holds the bytes read so far, the head and
/// any body bytes that came with it. Pure (no I/O), so that any bytes can
/// be tried against it (the fuzz target `desk_http`).
pub fn parse_head(buf: &[u8], limits: &Limits) -> Result<Request, HttpError> {
    let end = match find_head_end(buf) {
        Some(end) if end + 4 <= limits.max_head => end,
        Some(_) => return Err(HttpError::HeadTooLarge),
        None if buf.len() > limits.max_head => {
            // A target alone that long is a 414, else the head is too large.
            let first = buf.split(|&b| b == b'\n').next().unwrap_or(&[]);
            if first.len() > limits.max_target && !buf[..first.len()].contains(&b'\n') {
                return Err(HttpError::TargetTooLong);
            }
            return Err(HttpError::HeadTooLarge);
        }
        None => {
            return Err(HttpError::Malformed(
                "the request head does not end (no blank line)".into(),
            ))
        }
    };
    let early = buf[end + 4..].to_vec();
    let head = std::str::from_utf8(&buf[..end]).map_err(|e| {
        HttpError::Malformed(format!("the head is not text (byte {})", e.valid_up_to()))
    })?;
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (method, target, version) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(m), Some(t), Some(v), None) if !m.is_empty() && !t.is_empty() => (m, t, v),
        _ => {
            return Err(HttpError::Malformed(
                "the request line is not METHOD TARGET VERSION".into(),
            ))
        }
    };
    match version {
        "HTTP/1.1" | "HTTP/1.0" => {}
        v if v.starts_with("HTTP/") => {
            return Err(HttpError::NotImplemented(format!(
                "protocol version {}",
                short(v)
            )))
        }
        _ => return Err(HttpError::Malformed("no HTTP version".into())),
    }
    if !method.bytes().all(is_token) {
        return Err(HttpError::Malformed("the method is not a token".into()));
    }
    let method = match method {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        "POST" => Method::Post,
        other => return Err(HttpError::MethodNotAllowed(short(other))),
    };
    if target.len() > limits.max_target {
        return Err(HttpError::TargetTooLong);
    }
    if !target.starts_with('/') || !target.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(HttpError::Malformed(
            "the target must be a path starting with /".into(),
        ));
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_string(), Some(q.to_string())),
        None => (target.to_string(), None),
    };
    let mut headers = Vec::new();
    for line in lines {
        if headers.len() == limits.max_headers {
            return Err(HttpError::HeadTooLarge);
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(HttpError::Malformed("a header line without ':'".into()));
        };
        if name.is_empty() || !name.bytes().all(is_token) {
            return Err(HttpError::Malformed(
                "a header name is empty or not a token (no space before ':')".into(),
            ));
        }
        if value.bytes().any(|b| b.is_ascii_control() && b != b'\t') {
            return Err(HttpError::Malformed(
                "a header value holds a control character".into(),
            ));
        }
        headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
    }
    fn get<'a>(
        headers: &'a [(String, String)],
        n: &'a str,
    ) -> impl Iterator<Item = &'a (String, String)> + 'a {
        headers.iter().filter(move |(k, _)| k == n)
    }
    let get = |n: &'static str| get(&headers, n);
    if get("transfer-encoding").next().is_some() {
        return Err(HttpError::NotImplemented(
            "Transfer-Encoding (send a Content-Length)".into(),
        ));
    }
    if get("expect").next().is_some() {
        return Err(HttpError::NotImplemented("Expect".into()));
    }
    let lengths: Vec<&String> = get("content-length").map(|(_, v)| v).collect();
    let content_length = match lengths.as_slice() {
        [] => {
            if method == Method::Post {
                return Err(HttpError::LengthRequired);
            }
            0
        }
        [v] => {
            if v.is_empty() || v.len() > 19 || !v.bytes().all(|b| b.is_ascii_digit()) {
                return Err(HttpError::Malformed(
                    "Content-Length is not a number".into(),
                ));
            }
            v.parse::<u64>()
                .ok()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| HttpError::Malformed("Content-Length is out of range".into()))?
        }
        _ => return Err(HttpError::Malformed("Content-Length is given twice".into())),
    };
    if version == "HTTP/1.1" && get("host").next().is_none() {
        return Err(HttpError::Malformed(
            "an HTTP/1.1 request needs a Host header".into(),
        ));
    }
    if get("host").count() > 1 {
        return Err(HttpError::Malformed("Host is given twice".into()));
    }
    Ok(Request {
        method,
        path,
        query,
        headers,
        early,
        content_length,
        read: 0,
    })
}

/// A bounded excerpt of outside text for an error message.
fn short(s: &str) -> String {
    use xq_core::excerpt;
    excerpt::quote(s, excerpt::Limit::REQUEST, excerpt::raw, excerpt::bytes)
}

impl Request {
    /// The first value of a header (name in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether body bytes were announced and not (all) read: the client
    /// may still be sending them when the answer is written.
    pub fn unread(&self) -> bool {
        self.content_length > self.read
    }

    /// Reads the body, refusing one announced larger than `limit` without
    /// reading it.
    pub fn read_body(
        &mut self,
        stream: &mut TcpStream,
        limit: usize,
        limits: &Limits,
    ) -> Result<Vec<u8>, HttpError> {
        if self.content_length > limit {
            return Err(HttpError::BodyTooLarge { limit });
        }
        let want = self.content_length;
        let mut body = std::mem::take(&mut self.early);
        if body.len() > want {
            // Bytes past the body would be a second request: not accepted.
            return Err(HttpError::Malformed(
                "more bytes than Content-Length (one request per connection)".into(),
            ));
        }
        body.reserve(want - body.len());
        let pace = Pace::new(limits.body_deadline, limits.body_floor);
        let early = body.len();
        while body.len() < want {
            let chunk = (want - body.len()).min(64 << 10);
            if read_some(stream, &mut body, &pace, early, chunk)? == 0 {
                return Err(HttpError::Malformed(format!(
                    "the body ended after {} of {want} bytes",
                    body.len()
                )));
            }
        }
        self.read = body.len();
        Ok(body)
    }
}

/// A response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub reason: &'static str,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// `Content-Disposition` file name, for downloads.
    pub attachment: Option<String>,
    /// Extra headers.
    pub extra: Vec<(&'static str, String)>,
    /// `Cache-Control`: `no-store` (answers of the oracle, errors) unless
    /// the route says the body may be kept ([`super::assets`]).
    pub cache_control: &'static str,
}

/// What the page may load and run: its own scripts, styles and images
/// only, nothing from elsewhere, and it may not be framed.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

impl Response {
    /// A response with a body.
    pub fn new(
        status: u16,
        reason: &'static str,
        content_type: &'static str,
        body: Vec<u8>,
    ) -> Response {
        Response {
            status,
            reason,
            content_type,
            body,
            attachment: None,
            extra: Vec::new(),
            cache_control: "no-store",
        }
    }

    /// 200 with a body.
    pub fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response::new(200, "OK", content_type, body.into())
    }

    /// Writes the response (the head only for `HEAD`).
    pub fn write_to(&self, out: &mut impl Write, head_only: bool) -> io::Result<()> {
        // A 304 has no body, and says nothing of its length: a
        // Content-Length there would have to be the kept body's.
        let not_modified = self.status == 304;
        let length = if not_modified {
            String::new()
        } else {
            format!("Content-Length: {}\r\n", self.body.len())
        };
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\n{length}Connection: close\r\nCache-Control: {}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: {CSP}\r\n",
            self.status,
            self.reason,
            self.content_type,
            self.cache_control,
        );
        if let Some(name) = &self.attachment {
            // Only safe characters reach the header: the names are ours.
            let safe: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
                .collect();
            head.push_str(&format!(
                "Content-Disposition: attachment; filename=\"{safe}\"\r\n"
            ));
        }
        for (k, v) in &self.extra {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        out.write_all(head.as_bytes())?;
        if !head_only && !not_modified {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}
