//! The names the desk may be reached by: the `Host` allow-list that keeps
//! a page elsewhere from driving the desk through the browser under a
//! name of its own that it points at this machine (DNS rebinding). It
//! holds wherever the desk listens: on loopback, the loopback names; on
//! another address, also the machine's own names, the address a
//! connection actually arrived at, and the names given with
//! `--allow-host`.

use std::net::IpAddr;

/// The accepted names (lower case, without port) and the port.
#[derive(Clone, Debug)]
pub struct Allowed {
    port: u16,
    names: Vec<String>,
    /// Whether the address a connection arrived at is a name too (when
    /// listening beyond loopback, the machine is reached by its addresses).
    local_addresses: bool,
}

/// An address as it stands in a `Host` header.
fn host_form(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(a) => a.to_string(),
        IpAddr::V6(a) => format!("[{a}]"),
    }
}

/// The machine's own names, as far as std and the system tell them.
fn machine_names() -> Vec<String> {
    let mut names = Vec::new();
    let from_file = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .ok();
    let from_env = std::env::var("HOSTNAME")
        .or_else(|_| std::env::var("COMPUTERNAME"))
        .ok();
    for n in [from_file, from_env].into_iter().flatten() {
        let n = n.trim().to_ascii_lowercase();
        if !n.is_empty() && !names.contains(&n) {
            names.push(format!("{n}.local"));
            names.push(n);
        }
    }
    names
}

impl Allowed {
    /// The list for a desk bound to `bind:port`, with `extra` names.
    pub fn new(bind: IpAddr, port: u16, extra: &[String]) -> Allowed {
        let mut names: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if !bind.is_unspecified() {
            names.push(host_form(bind));
        }
        let beyond = !bind.is_loopback();
        if beyond {
            names.extend(machine_names());
        }
        names.extend(
            extra
                .iter()
                .map(|n| n.trim().trim_end_matches('.').to_ascii_lowercase()),
        );
        Allowed {
            port,
            names,
            local_addresses: beyond,
        }
    }

    /// Whether a `Host` header names this desk, for a connection that
    /// arrived at `local`.
    pub fn accepts(&self, host: &str, local: Option<IpAddr>) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let (name, port) = match host.rsplit_once(':') {
            // `[::1]` alone has colons inside its brackets.
            Some((n, p)) if !p.contains(']') => (n, p.parse::<u16>().ok()),
            _ => (host.as_str(), Some(80)),
        };
        if port != Some(self.port) {
            return false;
        }
        let name = name.trim_end_matches('.');
        if self.names.iter().any(|n| n == name) {
            return true;
        }
        self.local_addresses && local.is_some_and(|ip| host_form(ip) == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_only_on_loopback() {
        let a = Allowed::new("127.0.0.1".parse().unwrap(), 8080, &[]);
        assert!(a.accepts("127.0.0.1:8080", None));
        assert!(a.accepts("LOCALHOST:8080", None));
        assert!(a.accepts("[::1]:8080", None));
        assert!(!a.accepts("127.0.0.1:8081", None));
        assert!(!a.accepts("127.0.0.1", None));
        assert!(!a.accepts("evil.example:8080", None));
        // On loopback a connection's address is no extra name.
        assert!(!a.accepts("10.1.2.3:8080", Some("10.1.2.3".parse().unwrap())));
    }

    #[test]
    fn beyond_loopback_the_list_still_holds() {
        let a = Allowed::new("0.0.0.0".parse().unwrap(), 80, &["Desk.Lan".into()]);
        assert!(a.accepts("desk.lan", None));
        assert!(a.accepts("desk.lan.:80", None));
        assert!(a.accepts("10.1.2.3", Some("10.1.2.3".parse().unwrap())));
        assert!(!a.accepts("10.1.2.4", Some("10.1.2.3".parse().unwrap())));
        assert!(!a.accepts("rebound.example", Some("10.1.2.3".parse().unwrap())));
        assert!(!a.accepts("", None));
    }
}
