//! `xq desk`: the arbiter's desk (裁判台) in a browser. A local web server
//! serving one page (embedded: it works offline, with nothing fetched from
//! elsewhere) and a JSON API over the oracle: read a record, rule on every
//! point of a game, check a move entered at the board, write a PGN.
//!
//! The HTTP layer is std's `TcpListener` with a small strict handler
//! ([`http`]): one request per connection, every read bounded in size and
//! time, one thread per connection up to [`MAX_CONNECTIONS`]. The server
//! reads and writes no file: it sees only the bytes the page sends.

pub mod api;
pub mod error;
pub mod http;
pub mod view;

use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use error::DeskError;
use http::{HttpError, Method, Request, Response};

/// Connections served at once; more are answered 503 at once and closed.
pub const MAX_CONNECTIONS: usize = 32;

/// The default cap on an uploaded record file: 16 MiB holds a large
/// library; a single game is a few kilobytes.
pub const MAX_UPLOAD: usize = 16 << 20;

/// The cap on a JSON request (a game of [`view::MAX_PLIES`] plies in any
/// notation is far smaller).
pub const MAX_JSON: usize = 1 << 20;

/// The page and what it loads, compiled into the binary.
const INDEX_HTML: &str = include_str!("../../desk/index.html");
const DESK_JS: &str = include_str!("../../desk/desk.js");
const DESK_CSS: &str = include_str!("../../desk/desk.css");
const FAVICON: &str = include_str!("../../desk/favicon.svg");

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
}

/// What every connection handler needs.
struct Config {
    http: http::Limits,
    max_upload: usize,
    /// `Host` values accepted; `None` when listening beyond loopback,
    /// where the names the machine is reached by are not known.
    hosts: Option<Vec<String>>,
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
        let hosts = args.host.is_loopback().then(|| {
            let mut names = vec![
                format!("localhost:{port}"),
                format!("127.0.0.1:{port}"),
                format!("[::1]:{port}"),
            ];
            names.push(match args.host {
                IpAddr::V4(a) => format!("{a}:{port}"),
                IpAddr::V6(a) => format!("[{a}]:{port}"),
            });
            names
        });
        Ok(Desk {
            listener,
            config: Arc::new(Config {
                http: http::Limits::default(),
                max_upload: args.max_upload as usize,
                hosts,
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
        let active = Arc::new(AtomicUsize::new(0));
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
            if active.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
                refuse_busy(stream);
                continue;
            }
            active.fetch_add(1, Ordering::SeqCst);
            let guard = Active(Arc::clone(&active));
            let config = Arc::clone(&self.config);
            let spawned = std::thread::Builder::new()
                .name("desk-connection".into())
                .spawn(move || {
                    let _guard = guard;
                    handle(stream, &config);
                });
            if spawned.is_err() {
                // The guard went down with the closure: the count is right.
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        Ok(())
    }
}

/// Counts a connection while it is served.
struct Active(Arc<AtomicUsize>);

impl Drop for Active {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
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
    let (response, head_only) = match http::read_request(&mut stream, &config.http) {
        Err(HttpError::Closed) => return,
        Err(e) => (DeskError::Http(e).response(), false),
        Ok(mut req) => {
            let head_only = req.method == Method::Head;
            // A handler that panics is a bug; the connection still gets an
            // answer and the server goes on.
            let served = catch_unwind(AssertUnwindSafe(|| route(&mut req, &mut stream, config)));
            let response = match served {
                Ok(Ok(r)) => r,
                Ok(Err(e)) => e.response(),
                Err(_) => Response::new(
                    500,
                    "Internal Server Error",
                    "application/json; charset=utf-8",
                    r#"{"error":{"code":"internal","en":"internal error: the desk could not answer this request","zh":"内部错误：裁判台无法处理此请求"}}"#.as_bytes().to_vec(),
                ),
            };
            (response, head_only)
        }
    };
    let _ = response.write_to(&mut stream, head_only);
    close_gently(stream);
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
/// name of the loopback desk (no page elsewhere reaching it through the
/// browser by a rebound name), and a `POST`'s `Origin`, when sent, is the
/// desk itself.
fn check_origin(req: &Request, config: &Config) -> Result<(), DeskError> {
    let host = req.header("host").unwrap_or("");
    if let Some(hosts) = &config.hosts {
        if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return Err(DeskError::Forbidden(format!(
                "Host {:?} is not this desk",
                xq_core::excerpt::Excerpt(host).to_string()
            )));
        }
    }
    if req.method == Method::Post {
        if let Some(origin) = req.header("origin") {
            if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
                return Err(DeskError::Forbidden(format!(
                    "a request from {} to this desk",
                    xq_core::excerpt::Excerpt(origin)
                )));
            }
        }
    }
    Ok(())
}

fn json_response(v: &serde_json::Value) -> Response {
    Response::ok(
        "application/json; charset=utf-8",
        serde_json::to_vec(v).expect("JSON values serialize"),
    )
}

fn route(
    req: &mut Request,
    stream: &mut TcpStream,
    config: &Config,
) -> Result<Response, DeskError> {
    check_origin(req, config)?;
    let path = req.path.clone();
    let page = |ct: &'static str, body: &'static str| Response::ok(ct, body.as_bytes().to_vec());
    let get = matches!(req.method, Method::Get | Method::Head);
    let post = req.method == Method::Post;
    let mut body = |limit: usize| -> Result<Vec<u8>, DeskError> {
        req.read_body(stream, limit, &config.http)
            .map_err(DeskError::Http)
    };
    match path.as_str() {
        "/" | "/index.html" if get => Ok(page("text/html; charset=utf-8", INDEX_HTML)),
        "/desk.js" if get => Ok(page("text/javascript; charset=utf-8", DESK_JS)),
        "/desk.css" if get => Ok(page("text/css; charset=utf-8", DESK_CSS)),
        "/favicon.svg" | "/favicon.ico" if get => Ok(page("image/svg+xml", FAVICON)),
        "/api/info" if get => Ok(json_response(&api::info(config.max_upload))),
        "/api/game" if post => Ok(json_response(&api::game(&body(MAX_JSON)?)?)),
        "/api/position" if post => Ok(json_response(&api::position(&body(64 << 10)?)?)),
        "/api/move" if post => Ok(json_response(&api::check_move(&body(64 << 10)?)?)),
        "/api/record" if post => Ok(json_response(&api::record(&body(config.max_upload)?)?)),
        "/api/pgn" if post => {
            let mut r = Response::ok(
                "application/x-chess-pgn; charset=utf-8",
                api::pgn(&body(MAX_JSON)?)?,
            );
            r.attachment = Some("game.pgn".into());
            Ok(r)
        }
        "/" | "/index.html" | "/desk.js" | "/desk.css" | "/favicon.svg" | "/favicon.ico"
        | "/api/info" => Err(method_not_allowed(req, "GET, HEAD")),
        "/api/game" | "/api/position" | "/api/move" | "/api/record" | "/api/pgn" => {
            Err(method_not_allowed(req, "POST"))
        }
        _ => Err(DeskError::NotFound(
            xq_core::excerpt::Excerpt(&path).to_string(),
        )),
    }
}

fn method_not_allowed(req: &Request, _allow: &str) -> DeskError {
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
