//! The host name a link carries: the address the table listens on, or, when it listens on
//! every address, one a phone on the same network can reach.

use std::net::IpAddr;

/// The host part of the links for a server listening on `ip`.
pub fn link_host(ip: IpAddr) -> String {
    if !ip.is_unspecified() {
        return match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        };
    }
    std::fs::read_to_string("/proc/net/fib_trie")
        .ok()
        .and_then(|text| local_address(&text))
        .unwrap_or_else(|| "localhost".to_owned())
}

/// The first address of this machine on a network (not loopback) in Linux's routing table
/// text: the address on the line before each "/32 host LOCAL".
fn local_address(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .filter(|pair| pair[1].trim() == "/32 host LOCAL")
        .filter_map(|pair| pair[0].trim().trim_start_matches("|-- ").parse().ok())
        .find(|ip: &std::net::Ipv4Addr| !ip.is_loopback() && !ip.is_link_local())
        .map(|ip| ip.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listening_address_is_its_own_host_and_every_address_finds_the_local_one() {
        assert_eq!(
            link_host("127.0.0.1".parse().unwrap_or(IpAddr::from([0; 4]))),
            "127.0.0.1"
        );
        let trie = "Main:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 127.0.0.1\n        /32 host LOCAL\n     |-- 192.168.1.23\n        /32 host LOCAL\n";
        assert_eq!(local_address(trie), Some("192.168.1.23".to_owned()));
        assert_eq!(local_address("nothing here"), None);
    }
}
