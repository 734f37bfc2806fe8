//! Starting `xq desk` for a test: the binary on a free loopback port, its
//! address read from the first line it prints, stopped when dropped.
#![allow(dead_code)] // each test file uses its own part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running desk.
pub struct Desk {
    child: Child,
    pub url: String,
    pub addr: SocketAddr,
}

impl Desk {
    /// Starts `xq desk ARGS` and waits (at most 20 s) for its address.
    pub fn start(args: &[&str]) -> Desk {
        let bin = std::env::var_os("XQ_BIN")
            .map(Into::into)
            .unwrap_or_else(|| std::path::PathBuf::from(env!("CARGO_BIN_EXE_xq")));
        let mut child = Command::new(bin)
            .arg("desk")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start xq desk");
        let out = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(out).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(l) => l,
            Err(_) => {
                let _ = child.kill();
                panic!("xq desk printed no address within 20 s");
            }
        };
        let url = line.trim().to_string();
        let hostport = url
            .strip_prefix("http://")
            .and_then(|r| r.strip_suffix('/'))
            .unwrap_or_else(|| panic!("xq desk printed {url:?}, not an address"));
        let addr: SocketAddr = hostport.parse().expect("a socket address");
        Desk { child, url, addr }
    }

    /// Sends raw bytes and reads the whole answer (the server closes after
    /// one response), within `timeout`.
    pub fn raw(&self, request: &[u8], timeout: Duration) -> String {
        let mut s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(timeout)).unwrap();
        s.set_write_timeout(Some(timeout)).unwrap();
        // The server may answer and close before all is written.
        let _ = s.write_all(request);
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A request with the desk's own Host header.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> Answer {
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        )
        .into_bytes();
        req.extend_from_slice(body);
        Answer::parse(&self.raw(&req, Duration::from_secs(60)))
    }

    /// `POST path` with a JSON body; the answer's status and JSON.
    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let a = self.request("POST", path, body.to_string().as_bytes());
        (a.status, a.json())
    }

    /// The CPU time the desk process has used so far, in seconds (Linux).
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the desk's /proc stat");
        // Fields after the command name in parentheses: utime, stime are
        // the 14th and 15th of the whole line.
        let after = &stat[stat.rfind(')').expect("a stat line") + 2..];
        let f: Vec<&str> = after.split(' ').collect();
        let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
        ticks / 100.0
    }

    /// Whether the server still answers.
    pub fn alive(&self) -> bool {
        self.request("GET", "/api/info", b"").status == 200
    }

    /// Waits until the desk process has ended (it never should by itself).
    pub fn exited(&mut self) -> bool {
        let until = Instant::now() + Duration::from_millis(100);
        while Instant::now() < until {
            if self.child.try_wait().ok().flatten().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Desk {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn parse(text: &str) -> Answer {
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        Answer {
            status,
            head: head.to_string(),
            body: body.to_string(),
        }
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }

    /// The error answer's code and both messages.
    pub fn error(&self) -> (String, String, String) {
        let v = self.json();
        let e = &v["error"];
        let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
        (s("code"), s("en"), s("zh"))
    }
}
