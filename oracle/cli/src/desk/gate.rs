//! What the desk lets in at once. Three counts, each for what it protects:
//!
//! - **connections** (threads): every accepted connection, including those
//!   still sending their request; generous, since a slow sender costs a
//!   thread and a few kilobytes and is cut off by the rate floors of
//!   [`super::http`];
//! - **live requests**: requests whose head and body have arrived and are
//!   being answered — the cap the issue asks for: a client that is slow to
//!   send, or a connection that is closing, does not count;
//! - **heavy work**: record parsing and whole-game rulings, which cost
//!   memory and seconds, a few at a time; a request waits for its turn
//!   while its client is still there, and gives up when the client goes.

use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A counter with a cap; [`Count::enter`] gives a pass that leaves on drop.
#[derive(Debug)]
pub struct Count {
    now: AtomicUsize,
    cap: usize,
}

impl Count {
    pub fn new(cap: usize) -> Arc<Count> {
        Arc::new(Count {
            now: AtomicUsize::new(0),
            cap,
        })
    }

    /// A pass, or `None` when the count is at its cap.
    pub fn enter(self: &Arc<Count>) -> Option<Pass> {
        let mut now = self.now.load(Ordering::SeqCst);
        loop {
            if now >= self.cap {
                return None;
            }
            match self
                .now
                .compare_exchange(now, now + 1, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => return Some(Pass(Arc::clone(self))),
                Err(seen) => now = seen,
            }
        }
    }

    /// How many are in.
    pub fn current(&self) -> usize {
        self.now.load(Ordering::SeqCst)
    }
}

/// One place in a [`Count`], given back when dropped.
#[derive(Debug)]
pub struct Pass(Arc<Count>);

impl Drop for Pass {
    fn drop(&mut self) {
        self.0.now.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A queue of a few places: a request waits for one while its client is
/// still connected.
#[derive(Debug)]
pub struct Turns {
    free: Mutex<usize>,
    freed: Condvar,
}

/// Why no turn was given.
#[derive(Debug, PartialEq, Eq)]
pub enum NoTurn {
    /// The client closed its connection while waiting.
    Gone,
    /// The wait passed its bound.
    Busy,
}

impl Turns {
    pub fn new(places: usize) -> Arc<Turns> {
        Arc::new(Turns {
            free: Mutex::new(places),
            freed: Condvar::new(),
        })
    }

    /// Waits at most `wait` for a place, checking every tenth of a second
    /// that `client` is still there.
    pub fn wait(self: &Arc<Turns>, client: &TcpStream, wait: Duration) -> Result<Turn, NoTurn> {
        let until = Instant::now() + wait;
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            // Asked first: a client that hung up gets no turn, free or not.
            if client_gone(client) {
                return Err(NoTurn::Gone);
            }
            if *free > 0 {
                *free -= 1;
                return Ok(Turn(Arc::clone(self)));
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(NoTurn::Busy);
            }
            free = self
                .freed
                .wait_timeout(free, left.min(Duration::from_millis(100)))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// A place in [`Turns`], given back when dropped.
#[derive(Debug)]
pub struct Turn(Arc<Turns>);

impl Drop for Turn {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

/// Whether the client has closed its side (or the connection failed):
/// a request is complete when this is asked, so a readable end of stream
/// means the client gave up waiting for the answer.
pub fn client_gone(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut one = [0u8; 1];
    let gone = match stream.peek(&mut one) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
    };
    let _ = stream.set_nonblocking(false);
    gone
}
