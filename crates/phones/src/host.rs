//! The host a link carries: the address the table listens on, or, when it listens on every
//! address, one of this computer's addresses that a phone on the same network can reach. The
//! addresses come from the operating system (`if-addrs`: Linux, macOS and Windows alike); when
//! there are several, the likeliest comes first and the desk lists the others.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An address the links may name, with the network interface that has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    /// The address.
    pub ip: IpAddr,
    /// The interface's name ("wlan0", "en0", "Wi-Fi"), empty when the table listens on one
    /// address.
    pub interface: String,
}

impl Host {
    /// The address as a link writes it (an IPv6 address in brackets).
    pub fn in_link(&self) -> String {
        match self.ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        }
    }

    /// Whether a phone could reach it: not this computer's loopback.
    pub fn reachable(&self) -> bool {
        !self.ip.is_loopback()
    }
}

/// One address of one interface, as the system lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interface {
    /// Its name.
    pub name: String,
    /// Its address.
    pub ip: IpAddr,
    /// Point to point (a VPN's tunnel, usually).
    pub point_to_point: bool,
    /// Known to be down.
    pub down: bool,
}

/// The hosts the links may name for a server listening on `listening`, likeliest first, never
/// none: itself when it is one address; when it listens on every address, this computer's
/// addresses a phone may reach ([`pick`]), or loopback when it has none. The words say why
/// the system's list could not be read, if it could not.
pub fn hosts(listening: IpAddr) -> (Vec<Host>, Option<String>) {
    if !listening.is_unspecified() {
        let host = Host {
            ip: listening,
            interface: String::new(),
        };
        return (vec![host], None);
    }
    let (interfaces, problem) = match if_addrs::get_if_addrs() {
        Ok(list) => (
            list.into_iter()
                .map(|i| Interface {
                    down: matches!(
                        i.oper_status,
                        if_addrs::IfOperStatus::Down
                            | if_addrs::IfOperStatus::LowerLayerDown
                            | if_addrs::IfOperStatus::NotPresent
                    ),
                    point_to_point: i.is_p2p(),
                    ip: i.ip(),
                    name: i.name,
                })
                .collect(),
            None,
        ),
        Err(e) => (
            Vec::new(),
            Some(format!("the network addresses could not be read: {e}")),
        ),
    };
    let mut hosts = pick(&interfaces, listening);
    if hosts.is_empty() {
        let loopback = match listening {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
        };
        hosts.push(Host {
            ip: loopback,
            interface: String::new(),
        });
    }
    (hosts, problem)
}

/// The addresses of these interfaces a phone on the same network may reach, for a server
/// listening on every address of `listening`'s family (an IPv6 one takes IPv4 too), likeliest
/// first: an interface's real network before a virtual machine's, a container's or a VPN's,
/// then a home or office network's private address before any other, then the system's order.
/// Loopback, link-local (which needs more than an address to reach), multicast and interfaces
/// that are down are left out.
pub fn pick(interfaces: &[Interface], listening: IpAddr) -> Vec<Host> {
    let mut ranked: Vec<(bool, u8, usize, Host)> = interfaces
        .iter()
        .enumerate()
        .filter(|(_, i)| !i.down && usable(i.ip, listening))
        .map(|(n, i)| {
            let host = Host {
                ip: i.ip,
                interface: i.name.clone(),
            };
            (
                i.point_to_point || is_virtual(&i.name),
                class(i.ip),
                n,
                host,
            )
        })
        .collect();
    ranked.sort_by_key(|(virtual_, class, n, _)| (*virtual_, *class, *n));
    let mut hosts: Vec<Host> = Vec::new();
    for (_, _, _, host) in ranked {
        if !hosts.iter().any(|h| h.ip == host.ip) {
            hosts.push(host);
        }
    }
    hosts
}

fn usable(ip: IpAddr, listening: IpAddr) -> bool {
    if ip.is_loopback() || ip.is_unspecified() || ip.is_multicast() {
        return false;
    }
    match ip {
        IpAddr::V4(v4) => !v4.is_link_local() && !v4.is_broadcast(),
        // A server on an IPv4 address is not reached on an IPv6 one.
        IpAddr::V6(v6) => listening.is_ipv6() && (v6.segments()[0] & 0xffc0) != 0xfe80,
    }
}

/// The kind of network an address is on, in the order a phone at the table is likeliest to
/// share it: a private IPv4 network (a home's or an office's), a carrier's or a VPN's shared
/// range, any other IPv4 address, an IPv6 local one, any other IPv6.
fn class(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(v4) if v4.is_private() => 0,
        IpAddr::V4(v4) if v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64 => 1,
        IpAddr::V4(_) => 2,
        IpAddr::V6(v6) if (v6.segments()[0] & 0xfe00) == 0xfc00 => 3,
        IpAddr::V6(_) => 4,
    }
}

/// Whether an interface's name is a virtual network's: a container's bridge, a virtual
/// machine's host network, a VPN's tunnel. Phones are seldom on those.
fn is_virtual(name: &str) -> bool {
    const STARTS: [&str; 23] = [
        "docker",
        "br-",
        "veth",
        "virbr",
        "vmnet",
        "vboxnet",
        "vnic",
        "tun",
        "tap",
        "utun",
        "wg",
        "zt",
        "tailscale",
        "lxc",
        "lxd",
        "cni",
        "flannel",
        "cali",
        "podman",
        "kube",
        "bridge",
        "ipsec",
        "gif",
    ];
    const WITHIN: [&str; 6] = [
        "vethernet",
        "virtual",
        "vmware",
        "hyper-v",
        "vpn",
        "loopback",
    ];
    let name = name.to_lowercase();
    STARTS.iter().any(|s| name.starts_with(s)) || WITHIN.iter().any(|w| name.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interface(name: &str, ip: &str) -> Interface {
        Interface {
            name: name.to_owned(),
            ip: ip.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
            point_to_point: false,
            down: false,
        }
    }

    fn ips(hosts: &[Host]) -> Vec<String> {
        hosts.iter().map(|h| h.ip.to_string()).collect()
    }

    const EVERY_V4: IpAddr = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    const EVERY_V6: IpAddr = IpAddr::V6(Ipv6Addr::UNSPECIFIED);

    #[test]
    fn a_listening_address_is_its_own_host() {
        let (hosts, problem) = hosts("127.0.0.1".parse().unwrap_or(EVERY_V4));
        assert_eq!(ips(&hosts), ["127.0.0.1"]);
        assert!(problem.is_none());
        let v6: IpAddr = "fd00::7".parse().unwrap_or(EVERY_V6);
        assert_eq!(hosts_of(v6)[0].in_link(), "[fd00::7]");
    }

    fn hosts_of(ip: IpAddr) -> Vec<Host> {
        hosts(ip).0
    }

    #[test]
    fn the_wifi_comes_before_a_container_bridge_and_a_vpn_whatever_the_systems_order() {
        // As Linux lists them on a laptop with Docker and a VPN: loopback, the bridge, the
        // Wi-Fi, the tunnel, a virtual machine's network.
        let list = [
            interface("lo", "127.0.0.1"),
            interface("docker0", "172.17.0.1"),
            interface("wlp2s0", "192.168.1.23"),
            Interface {
                point_to_point: true,
                ..interface("corp0", "10.8.0.5")
            },
            interface("virbr0", "192.168.122.1"),
            interface("wlp2s0", "169.254.10.1"),
        ];
        assert_eq!(
            ips(&pick(&list, EVERY_V4)),
            ["192.168.1.23", "172.17.0.1", "10.8.0.5", "192.168.122.1"]
        );
    }

    #[test]
    fn a_private_address_comes_before_a_shared_or_public_one_and_windows_names_are_read_too() {
        // As Windows lists them: a public address on the Ethernet, the Wi-Fi at home, and
        // Hyper-V's switch for WSL.
        let list = [
            interface("vEthernet (WSL)", "172.29.16.1"),
            interface("Ethernet", "203.0.113.9"),
            interface("Tailscale", "100.101.102.103"),
            interface("Wi-Fi", "10.0.0.12"),
            interface("Ethernet 2", "100.64.3.4"),
        ];
        assert_eq!(
            ips(&pick(&list, EVERY_V4)),
            [
                "10.0.0.12",
                "100.64.3.4",
                "203.0.113.9",
                "172.29.16.1",
                "100.101.102.103"
            ]
        );
    }

    #[test]
    fn loopback_link_local_down_and_the_other_family_are_left_out_and_each_address_is_once() {
        let list = [
            interface("lo0", "::1"),
            interface("en0", "fe80::1c2:3ff:fe4:5"),
            interface("en0", "2001:db8::5"),
            interface("en0", "fd12::5"),
            interface("en0", "192.168.0.4"),
            interface("en1", "192.168.0.4"),
            Interface {
                down: true,
                ..interface("en2", "192.168.5.5")
            },
            interface("en3", "224.0.0.251"),
        ];
        assert_eq!(ips(&pick(&list, EVERY_V4)), ["192.168.0.4"]);
        // A server on every IPv6 address takes IPv4 too; the local IPv6 network before the
        // global one.
        assert_eq!(
            ips(&pick(&list, EVERY_V6)),
            ["192.168.0.4", "fd12::5", "2001:db8::5"]
        );
        assert!(pick(&[interface("lo", "127.0.0.1")], EVERY_V4).is_empty());
    }

    #[test]
    fn with_no_network_the_links_say_loopback_and_this_machines_list_is_read() {
        // This machine's own list: whatever it holds, the hosts are never none, and loopback
        // comes only when nothing else can be reached.
        let (hosts, problem) = hosts(EVERY_V4);
        assert!(problem.is_none(), "{problem:?}");
        assert!(!hosts.is_empty());
        if hosts.iter().any(|h| h.ip.is_loopback()) {
            assert_eq!(hosts.len(), 1);
            assert!(!hosts[0].reachable());
        } else {
            assert!(hosts.iter().all(Host::reachable));
        }
    }
}
