//! `xq desk`: the arbiter's desk (裁判台) in a browser. A local web server
//! serving one page (embedded: it works offline, with nothing fetched from
//! elsewhere) and a JSON API over the oracle: read a record, rule on every
//! point of a game, check a move entered at the board, write a PGN.
//!
//! The HTTP layer is std's `TcpListener` with a small strict handler
//! ([`http`]): one request per connection, every read bounded in size,
//! time and rate, one thread per connection up to [`MAX_CONNECTIONS`], at
//! most [`MAX_LIVE`] requests answered at once, [`HEAVY_TURNS`] rulings and
//! [`RECORD_TURNS`] record reads ([`gate`]). The server reads and writes no file: it sees only the
//! bytes the page sends.

pub mod api;
pub mod assets;
pub mod error;
pub mod gate;
pub mod hosts;
pub mod http;
pub mod view;
pub mod words;

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use error::{Answer, DeskError, Refusal};
use gate::{Count, NoTurn, Turns};
use http::{HttpError, Method, Request, Response};
use serde_json::Value;

/// Connections open at once, including those still sending their request
/// (each costs a thread; the rate floors cut slow senders off in a second
/// or two); more are answered 503 at once and closed.
pub const MAX_CONNECTIONS: usize = 256;

/// Requests answered at once, counted from the moment the whole request
/// has arrived to the moment its answer is written: neither a client still
/// sending nor a connection closing holds a place. More are answered 503.
pub const MAX_LIVE: usize = 32;

/// Games ruled at once (each takes a core); more wait for a turn, while
/// their client is there, for at most [`HEAVY_WAIT`].
pub const HEAVY_TURNS: usize = 2;

/// Records read at once. Reading is what costs memory: today's readers
/// peak near 1.9 GB for a 16 MiB one-game PGN (about 110 times its size;
/// see `bench/desk.sh`), so one at a time keeps the desk's worst case to
/// one such read, two upload buffers and two rulings.
pub const RECORD_TURNS: usize = 1;

/// How long a heavy request waits for its turn before it is answered 503.
pub const HEAVY_WAIT: Duration = Duration::from_secs(30);

/// Bodies larger than a JSON request (uploads) read at once: what the
/// desk may hold of uploads in memory is this many times `--max-upload`.
pub const UPLOAD_TURNS: usize = 2;

/// The default cap on an uploaded record file: 16 MiB holds a large
/// library; a single game is a few kilobytes.
pub const MAX_UPLOAD: usize = 16 << 20;

/// The cap on a JSON request (a game of [`view::MAX_PLIES`] plies in any
/// notation is far smaller).
pub const MAX_JSON: usize = 1 << 20;

/// The options of `xq desk`.
#[derive(clap::Args, Clone, Debug)]
pub struct DeskArgs {
    /// The address to listen on. The default, loopback, keeps the desk to
    /// this machine; another address opens it to the network.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// The port; 0 (the default) takes a free one. The address is printed
    /// on start.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Open the page in the system browser.
    #[arg(long)]
    pub open: bool,
    /// The largest record file accepted, in bytes (at most 64 MiB).
    #[arg(long, default_value_t = MAX_UPLOAD as u64,
          value_parser = clap::value_parser!(u64).range(1024..=(64 << 20)))]
    pub max_upload: u64,
    /// Another name the desk may be reached by (a `Host` header accepted
    /// besides the machine's own names and addresses); repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,
}

/// What every connection handler needs.
struct Config {
    http: http::Limits,
    max_upload: usize,
    /// The names the desk may be reached by.
    hosts: hosts::Allowed,
    live: Arc<Count>,
    heavy: Arc<Turns>,
    records: Arc<Turns>,
    uploads: Arc<Turns>,
    /// The page, carrying `/api/info` and `/api/words` as they answer.
    page: assets::Page,
}

/// A bound desk, ready to serve.
pub struct Desk {
    listener: TcpListener,
    config: Arc<Config>,
}

impl Desk {
    /// Binds the listening socket.
    pub fn bind(args: &DeskArgs) -> io::Result<Desk> {
        let listener = TcpListener::bind(SocketAddr::new(args.host, args.port))?;
        let port = listener.local_addr()?.port();
        let hosts = hosts::Allowed::new(args.host, port, &args.allow_hosts);
        Ok(Desk {
            listener,
            config: Arc::new(Config {
                http: http::Limits::default(),
                max_upload: args.max_upload as usize,
                hosts,
                live: Count::new(MAX_LIVE),
                heavy: Turns::new(HEAVY_TURNS),
                records: Turns::new(RECORD_TURNS),
                uploads: Turns::new(UPLOAD_TURNS),
                page: assets::Page::new(&carried(args.max_upload as usize)),
            }),
        })
    }

    /// The address the desk listens on.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The page's address.
    pub fn url(&self) -> io::Result<String> {
        let a = self.local_addr()?;
        Ok(match a.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => format!("http://127.0.0.1:{}/", a.port()),
            IpAddr::V6(ip) if ip.is_unspecified() => format!("http://[::1]:{}/", a.port()),
            _ => format!("http://{a}/"),
        })
    }

    /// Serves until the process ends.
    pub fn serve(self) -> io::Result<()> {
        let connections = Count::new(MAX_CONNECTIONS);
        for stream in self.listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                // A connection that failed before it was accepted (reset,
                // or out of descriptors): wait a moment, go on.
                Err(_) => {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                }
            };
            let Some(pass) = connections.enter() else {
                refuse_busy(stream);
                continue;
            };
            let config = Arc::clone(&self.config);
            let spawned = std::thread::Builder::new()
                .name("desk-connection".into())
                .spawn(move || {
                    let _pass = pass;
                    handle(stream, &config);
                });
            if spawned.is_err() {
                // The pass went down with the closure: the count is right.
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        Ok(())
    }
}

/// Answers 503 without blocking the accepting thread, and closes.
fn refuse_busy(mut stream: TcpStream) {
    let _ = stream.set_nonblocking(true);
    let _ = DeskError::Busy.response().write_to(&mut stream, false);
    let _ = stream.shutdown(Shutdown::Both);
}

/// Serves one connection: one request, one response, close.
fn handle(mut stream: TcpStream, config: &Config) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    let (response, head_only, unread) = match http::read_request(&mut stream, &config.http) {
        Err(HttpError::Closed) => return,
        Err(e) => (DeskError::Http(e).response(), false, true),
        Ok(mut req) => {
            let head_only = req.method == Method::Head;
            match serve_request(&mut req, &mut stream, config) {
                Served::Answer(r) => (r, head_only, req.unread()),
                Served::ClientGone => return,
            }
        }
    };
    let _ = response.write_to(&mut stream, head_only);
    if unread {
        close_gently(stream);
    }
}

/// What became of a request.
enum Served {
    Answer(Response),
    /// The client closed its connection before the answer was ready.
    ClientGone,
}

/// Checks, reads the body, waits for a place and answers. The live place
/// is taken once the whole request has arrived and given back before the
/// answer is written, so that a client that sends its next request as
/// soon as it reads this answer finds the place free.
fn serve_request(req: &mut Request, stream: &mut TcpStream, config: &Config) -> Served {
    let answer = |e: DeskError| Served::Answer(e.response());
    if let Err(e) = check_origin(req, stream, config) {
        return answer(e);
    }
    let limit = match body_limit(req, config) {
        Ok(l) => l,
        Err(e) => return answer(e),
    };
    let body = match limit {
        None => Vec::new(),
        Some(_) if req.content_length == 0 => Vec::new(),
        Some(limit) => {
            // Uploads wait for one of a few places, so that what the desk
            // holds in memory stays a small multiple of the upload cap.
            let _upload = if req.content_length > MAX_JSON {
                match config.uploads.wait(stream, HEAVY_WAIT) {
                    Ok(t) => Some(t),
                    Err(NoTurn::Gone) => return Served::ClientGone,
                    Err(NoTurn::Busy) => return answer(DeskError::Busy),
                }
            } else {
                None
            };
            match req.read_body(stream, limit, &config.http) {
                Ok(b) => b,
                Err(e) => return answer(DeskError::Http(e)),
            }
        }
    };
    let Some(live) = config.live.enter() else {
        return answer(DeskError::Busy);
    };
    // A handler that panics is a bug; the connection still gets an answer
    // and the server goes on.
    let served = catch_unwind(AssertUnwindSafe(|| route(req, &body, stream, config)));
    drop(live);
    match served {
        Ok(Ok(Some(r))) => Served::Answer(r),
        Ok(Ok(None)) => Served::ClientGone,
        Ok(Err(e)) => answer(e),
        Err(_) => Served::Answer(DeskError::Internal.response()),
    }
}

/// Closes after the response: stop writing, then drain what the client
/// still sends (an unread body) for a bounded time and amount, so that it
/// reads the response instead of a reset.
fn close_gently(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + Duration::from_millis(500);
    let mut sink = [0u8; 16 << 10];
    let mut drained = 0usize;
    while drained < (4 << 20) {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

/// Whether the request comes from this desk's own page: its `Host` is a
/// name the desk is reached by (so that no page elsewhere reaches it
/// through the browser by a rebound name), and a `POST`'s `Origin`, when
/// sent, is the desk itself; a browser that says the request is
/// cross-site is refused too.
fn check_origin(req: &Request, stream: &TcpStream, config: &Config) -> Result<(), DeskError> {
    let host = req.header("host").unwrap_or("");
    let local = stream.local_addr().ok().map(|a| a.ip());
    if !config.hosts.accepts(host, local) {
        // The excerpt quotes it (and cuts a long one short).
        let host = xq_core::excerpt::Excerpt(host);
        return Err(DeskError::Forbidden(Refusal::Host(host.to_string())));
    }
    if req.method == Method::Post {
        if let Some(origin) = req.header("origin") {
            if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
                let origin = xq_core::excerpt::Excerpt(origin);
                return Err(DeskError::Forbidden(Refusal::Origin(origin.to_string())));
            }
        }
        if let Some(site) = req.header("sec-fetch-site") {
            if !matches!(site, "same-origin" | "none") {
                let site = xq_core::excerpt::Excerpt(site);
                return Err(DeskError::Forbidden(Refusal::FetchSite(site.to_string())));
            }
        }
    }
    Ok(())
}

/// How large a body the route takes; `None` for a route that takes none
/// (a body sent anyway is left unread and drained on closing).
fn body_limit(req: &Request, config: &Config) -> Result<Option<usize>, DeskError> {
    let limit = match (req.method, req.path.as_str()) {
        (Method::Post, "/api/record") => config.max_upload,
        (Method::Post, "/api/game" | "/api/pgn") => MAX_JSON,
        (Method::Post, "/api/position" | "/api/move") => 64 << 10,
        _ => return Ok(None),
    };
    if req.content_length > limit {
        return Err(DeskError::Http(HttpError::BodyTooLarge { limit }));
    }
    Ok(Some(limit))
}

fn json_response(v: &serde_json::Value) -> Response {
    Response::ok(
        "application/json; charset=utf-8",
        serde_json::to_vec(v).expect("JSON values serialize"),
    )
}

/// What the page carries (`assets::Page`): the two answers its first
/// frame needs, the same values `/api/info` and `/api/words` give.
fn carried(max_upload: usize) -> Value {
    serde_json::json!({ "info": api::info(max_upload), "words": words::words() })
}

fn route(
    req: &Request,
    body: &[u8],
    stream: &TcpStream,
    config: &Config,
) -> Result<Option<Response>, DeskError> {
    let path = req.path.as_str();
    let get = matches!(req.method, Method::Get | Method::Head);
    let post = req.method == Method::Post;
    if let Some(asset) = assets::find(path) {
        return if get && asset.path == "/index.html" {
            Ok(Some(config.page.answer(req.header("if-none-match"))))
        } else if get {
            Ok(Some(asset.answer(req.header("if-none-match"))))
        } else {
            Err(method_not_allowed(req))
        };
    }
    let answer = |v: Value| Ok(Some(json_response(&v)));
    match path {
        "/api/info" if get => answer(api::info(config.max_upload)),
        "/api/words" if get => answer(words::words()),
        "/api/game" if post => {
            let body = body.to_vec();
            heavy(stream, &config.heavy, move |cancel| {
                api::game(&body, cancel)
            })
        }
        "/api/record" if post => {
            let ask = api::RecordAsk::from_query(req.query.as_deref())?;
            let body = body.to_vec();
            heavy(stream, &config.records, move |_| {
                api::record_for(&body, ask)
            })
        }
        "/api/position" if post => answer(api::position(body)?),
        "/api/move" if post => answer(api::check_move(body)?),
        "/api/pgn" if post => {
            let mut r = Response::ok("application/x-chess-pgn; charset=utf-8", api::pgn(body)?);
            r.attachment = Some("game.pgn".into());
            Ok(Some(r))
        }
        "/api/info" | "/api/words" => Err(method_not_allowed(req)),
        "/api/game" | "/api/position" | "/api/move" | "/api/record" | "/api/pgn" => {
            Err(method_not_allowed(req))
        }
        _ => Err(DeskError::NotFound(
            xq_core::excerpt::Excerpt(path).to_string(),
        )),
    }
}

/// Runs a heavy request in its turn, on a thread of its own, while this
/// one watches the client: a client that has gone is not waited for (and
/// a request whose client went while it queued never starts). The work is
/// handed a flag that is set once nobody waits for its answer any more
/// (the client went, or this thread stopped waiting for any reason); a
/// ruling's searches read it and stop, so abandoned work gives its turn
/// back within moments.
fn heavy(
    stream: &TcpStream,
    turns: &Arc<Turns>,
    work: impl FnOnce(Arc<AtomicBool>) -> Result<Value, DeskError> + Send + 'static,
) -> Result<Option<Response>, DeskError> {
    let turn = match turns.wait(stream, HEAVY_WAIT) {
        Ok(t) => t,
        Err(NoTurn::Gone) => return Ok(None),
        Err(NoTurn::Busy) => return Err(DeskError::Busy),
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // Set on every way out of this function: once it returns, nobody reads
    // the answer.
    let _abandon = Abandon(cancel);
    std::thread::Builder::new()
        .name("desk-heavy".into())
        .spawn(move || {
            let _turn = turn;
            let done = catch_unwind(AssertUnwindSafe(|| work(flag)));
            let _ = tx.send(done);
        })
        .map_err(|_| DeskError::Busy)?;
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(Ok(v)) => return v.map(|v| Some(json_response(&v))),
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if gate::client_gone(stream) {
                    return Ok(None);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Err(DeskError::Busy),
        }
    }
}

/// Sets its flag when dropped: the heavy work it guards is abandoned.
struct Abandon(Arc<AtomicBool>);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn method_not_allowed(req: &Request) -> DeskError {
    let m = match req.method {
        Method::Get => "GET",
        Method::Head => "HEAD",
        Method::Post => "POST",
    };
    DeskError::Http(HttpError::MethodNotAllowed(format!("{m} on {}", req.path)))
}

/// Opens the page in the system browser; a failure is reported, not fatal.
fn open_browser(url: &str) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    cmd.arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Err(e) = cmd.spawn() {
        eprintln!("xq desk: cannot open a browser ({e}); open {url} yourself");
    }
}

/// `xq desk`: binds, prints the address on standard output (one line, the
/// page's URL), opens the browser if asked, and serves until stopped.
pub fn run(args: &DeskArgs) -> io::Result<()> {
    let desk = Desk::bind(args)?;
    let url = desk.url()?;
    let mut out = io::stdout().lock();
    writeln!(out, "{url}")?;
    out.flush()?;
    drop(out);
    eprintln!("xq desk: the arbiter's desk (裁判台) is at {url} — Ctrl-C stops it");
    if !args.host.is_loopback() {
        eprintln!(
            "xq desk: listening on {}, beyond this machine: anyone on the network can use it",
            args.host
        );
    }
    if args.open {
        open_browser(&url);
    }
    desk.serve()
}
