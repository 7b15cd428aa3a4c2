//! `veil-server`: the server, or (`veil-server load …`) the load tool.

use std::path::PathBuf;

const USAGE: &str = "usage:
  veil-server [--port 8080] [--bind 127.0.0.1] [--db veil.db] [--web web/dist]
              [--nats nats://127.0.0.1:4222 [--nats-replicas 1] [--lease-secs 15]
                                           [--owner NAME]]
              [--rooms-per-ip 20] [--conns-per-ip 50] [--keep-days 30]
              [--animation-step-ms 250] [--sync full|normal] [--snapshot-every 64]
              [--park-secs 600]
              [--trusted-proxy IP]... [--proxy-header x-forwarded-for|forwarded]
  veil-server load --url ws://127.0.0.1:8080/ws [--rooms 100] [--seconds 20]
              [--game jieqi] [--think-ms 1000] [--watchers 0] [--lobbies 0] [--linger 0]";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.first().map(String::as_str) == Some("load") {
        veil_server::load::main(&args[1..])
    } else {
        serve(&args)
    };
    if let Err(e) = result {
        eprintln!("veil-server: {e}\n{USAGE}");
        std::process::exit(2);
    }
}

fn serve(args: &[String]) -> Result<(), String> {
    let mut config = veil_server::Config::default();
    let mut port = 8080u16;
    let mut bind = std::net::IpAddr::from([127, 0, 0, 1]);
    let (mut nats, mut replicas, mut lease, mut owner) = (None, None, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--port" => port = value()?.parse().map_err(|e| format!("--port: {e}"))?,
            "--bind" => bind = value()?.parse().map_err(|e| format!("--bind: {e}"))?,
            "--db" => config.db = PathBuf::from(value()?),
            "--nats" => nats = Some(value()?.clone()),
            "--nats-replicas" => replicas = Some(number(value()?)? as usize),
            "--lease-secs" => lease = Some(number(value()?)?),
            "--owner" => owner = Some(value()?.clone()),
            "--web" => config.web = Some(PathBuf::from(value()?)),
            "--rooms-per-ip" => config.rooms_per_ip = number(value()?)? as usize,
            "--conns-per-ip" => config.conns_per_ip = number(value()?)? as usize,
            "--keep-days" => config.keep_secs = number(value()?)? * 24 * 3600,
            "--animation-step-ms" => config.animation_step_ms = number(value()?)?,
            "--snapshot-every" => config.snapshot_every = number(value()?)?,
            "--park-secs" => {
                config.park_after = std::time::Duration::from_secs(number(value()?)?.max(1))
            }
            "--trusted-proxy" => config.trusted_proxies.push(
                value()?
                    .parse()
                    .map_err(|e| format!("--trusted-proxy: an IP address: {e}"))?,
            ),
            "--proxy-header" => {
                config.proxy_header = value()?
                    .parse()
                    .map_err(|e| format!("--proxy-header: {e}"))?
            }
            "--sync" => {
                config.full_sync = match value()?.as_str() {
                    "full" => true,
                    "normal" => false,
                    other => return Err(format!("--sync: full or normal, not {other:?}")),
                }
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    config.bind = std::net::SocketAddr::new(bind, port);
    match nats {
        Some(url) => {
            let mut options = veil_server::store::JetStreamOptions::new(&url);
            options.replicas = replicas.unwrap_or(1);
            if !(1..=5).contains(&options.replicas) {
                return Err("--nats-replicas: 1 to 5".into());
            }
            if let Some(secs) = lease {
                if secs == 0 {
                    return Err("--lease-secs: at least 1".into());
                }
                options.lease = std::time::Duration::from_secs(secs);
            }
            if let Some(name) = owner {
                // A restarted server under the same name has its rooms back
                // at once, not after their leases lapse.
                if name.is_empty() || name.len() > 64 {
                    return Err("--owner: 1 to 64 characters".into());
                }
                options.owner = name;
            }
            config.nats = Some(options);
        }
        None if replicas.is_some() || lease.is_some() || owner.is_some() => {
            return Err("--nats-replicas, --lease-secs and --owner go with --nats".into());
        }
        None => {}
    }
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let shared_store = config.nats.is_some();
    runtime.block_on(async {
        let mut server = veil_server::start(config).await?;
        // One line a supervisor (or a test) can read: where it listens.
        println!("listening on {}", server.addr);
        if !shared_store {
            server.wait().await;
            return Ok(());
        }
        // With other servers to take the rooms: SIGTERM (a deploy) hands
        // them over.
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .map_err(|e| format!("SIGTERM: {e}"))?;
        let signalled = tokio::select! {
            _ = term.recv() => true,
            _ = server.stopped() => false,
        };
        if signalled {
            eprintln!("SIGTERM: handing the rooms over");
            server.hand_over().await?;
        }
        Ok(())
    })
}
