//! A NATS server with JetStream for one test: Debian's `nats-server`, on
//! 127.0.0.1 on a free port, its store in a fresh directory; stopped and
//! its directory removed when dropped. Without `nats-server` the test
//! fails, saying how to install it: a JetStream test never passes by not
//! running.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

pub struct NatsServer {
    child: Option<Child>,
    pub port: u16,
    pub dir: PathBuf,
    /// Its monitoring port (`/jsz`), if any.
    pub monitor: Option<u16>,
    /// Further arguments (a cluster's).
    extra: Vec<String>,
}

static DIRS: AtomicU64 = AtomicU64::new(0);

/// `nats-server`: `$VEIL_NATS_SERVER`, else on the PATH, else Debian's
/// place (`/usr/sbin`, not on every user's PATH).
pub fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("VEIL_NATS_SERVER") {
        return p.into();
    }
    let on_path = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/bin")])
        .map(|d| d.join("nats-server"))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "nats-server not found: the JetStream tests need it \
                 (apt-get install -y nats-server; scripts/test.sh installs it)"
            )
        })
}

/// A port free on 127.0.0.1 now.
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

impl NatsServer {
    pub fn start() -> Self {
        let mut server = Self::new(Vec::new(), None);
        server.run();
        server
    }

    fn new(extra: Vec<String>, monitor: Option<u16>) -> Self {
        let n = DIRS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("veil-nats-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        NatsServer {
            child: None,
            port: free_port(),
            dir,
            monitor,
            extra,
        }
    }

    /// This node's JetStream monitoring page (`/jsz` with `query`).
    fn jsz(&self, query: &str) -> Option<serde_json::Value> {
        use std::io::{Read, Write};
        let port = self.monitor?;
        let mut conn = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
        conn.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
        let request = format!("GET /jsz{query} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
        conn.write_all(request.as_bytes()).ok()?;
        let mut text = String::new();
        conn.read_to_string(&mut text).ok()?;
        serde_json::from_str(text.split("\r\n\r\n").nth(1)?).ok()
    }

    /// How many messages stream `name` holds on this node, by its own
    /// monitoring page (so a node that caught up shows it, not its leader).
    pub fn stream_messages(&self, name: &str) -> Option<u64> {
        let body = self.jsz("?streams=true")?;
        body["account_details"]
            .as_array()?
            .iter()
            .flat_map(|a| a["stream_detail"].as_array().cloned().unwrap_or_default())
            .find(|s| s["name"] == name)
            .and_then(|s| s["state"]["messages"].as_u64())
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Starts the process and waits (10 s at most) for it to say it is
    /// ready — JetStream is then up, not only the port.
    fn run(&mut self) {
        let mut child = Command::new(binary())
            .args([
                "-a",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-js",
                "-sd",
            ])
            .arg(&self.dir)
            .args(&self.extra)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start nats-server: {e}"));
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        // Reads its log to the end, so it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut said = Vec::new();
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if line.contains("Server is ready") {
                    let _ = tx.send(Ok(()));
                } else if said.len() < 40 {
                    said.push(line);
                }
            }
            let _ = tx.send(Err(said.join("\n")));
        });
        match rx.recv_timeout(Duration::from_secs(10)) {
            Ok(Ok(())) => {}
            Ok(Err(log)) => panic!("nats-server stopped at start:\n{log}"),
            Err(_) => {
                let _ = child.kill();
                panic!("nats-server not ready within 10 s");
            }
        }
        self.child = Some(child);
    }

    /// SIGKILL, then the same port and store directory again.
    pub fn kill_and_restart(&mut self) {
        self.kill();
        self.run();
    }

    /// Started again on the same port and store directory (after
    /// [`NatsServer::kill`]).
    pub fn restart(&mut self) {
        self.run();
    }

    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Three NATS nodes with JetStream in one cluster on 127.0.0.1.
pub struct NatsCluster {
    pub nodes: Vec<NatsServer>,
}

impl NatsCluster {
    /// Three nodes; tried again (three times at most) with other ports if
    /// a node could not listen: a port found free may be taken meanwhile
    /// (by another of the nine asked for, or anything else on the machine).
    pub fn start() -> Self {
        let mut tries = 0;
        loop {
            match std::panic::catch_unwind(Self::start_once) {
                Ok(cluster) => return cluster,
                Err(e) if tries < 2 => {
                    tries += 1;
                    let _ = e;
                    eprintln!("the NATS cluster did not start; again with other ports");
                }
                Err(e) => std::panic::resume_unwind(e),
            }
        }
    }

    fn start_once() -> Self {
        let routes: Vec<u16> = (0..3).map(|_| free_port()).collect();
        let all = routes
            .iter()
            .map(|p| format!("nats://127.0.0.1:{p}"))
            .collect::<Vec<_>>()
            .join(",");
        let mut nodes: Vec<NatsServer> = routes
            .iter()
            .enumerate()
            .map(|(i, route)| {
                let monitor = free_port();
                let extra = vec![
                    "-n".to_string(),
                    format!("n{}", i + 1),
                    "-m".into(),
                    monitor.to_string(),
                    "--cluster_name".into(),
                    "veil".into(),
                    "--cluster".into(),
                    format!("nats://127.0.0.1:{route}"),
                    "--routes".into(),
                    all.clone(),
                ];
                NatsServer::new(extra, Some(monitor))
            })
            .collect();
        // Started together: each waits for the others' routes.
        std::thread::scope(|s| {
            for node in &mut nodes {
                s.spawn(|| node.run());
            }
        });
        let cluster = NatsCluster { nodes };
        cluster.wait_for_peers();
        cluster
    }

    /// Waits (30 s at most) until JetStream's meta group has a leader that
    /// counts both other nodes current. Each node says "ready" before
    /// that, and a stream of three replicas asked for sooner finds "no
    /// suitable peers": on a loaded machine for longer than a veil-server
    /// tries at start (seen once in CI).
    fn wait_for_peers(&self) {
        let until = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            if self.peers_current() {
                return;
            }
            if std::time::Instant::now() > until {
                panic!(
                    "the NATS cluster's JetStream has no leader with two current peers after 30 s"
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn peers_current(&self) -> bool {
        let leader = self.nodes.iter().find_map(|n| {
            let meta = n.jsz("")?.get("meta_cluster")?.clone();
            meta["leader"].as_str().map(str::to_string)
        });
        let Some(leader) = leader else {
            return false;
        };
        self.nodes.iter().enumerate().any(|(i, n)| {
            leader == format!("n{}", i + 1)
                && n.jsz("").is_some_and(|body| {
                    let replicas = body["meta_cluster"]["replicas"].as_array().cloned();
                    replicas.is_some_and(|r| {
                        r.len() == self.nodes.len() - 1 && r.iter().all(|p| p["current"] == true)
                    })
                })
        })
    }

    /// Every node's address, for a client that moves between them.
    pub fn urls(&self) -> String {
        self.nodes
            .iter()
            .map(|n| n.url())
            .collect::<Vec<_>>()
            .join(",")
    }
}
