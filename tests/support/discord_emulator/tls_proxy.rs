//! `https://discord.com` on loopback, for serenity's own rate limiter (which always sends to
//! discord.com, whatever REST base the bot is given): an HTTP proxy that accepts `CONNECT`,
//! answers the TLS handshake with a self-signed certificate for discord.com (test-only: the bot
//! is told to accept it) and serves the emulator's routes inside the tunnel.

use std::sync::Arc;

use axum::Router;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

const CERT: &[u8] = include_bytes!("tls_cert.pem");
const KEY: &[u8] = include_bytes!("tls_key.pem");

fn acceptor() -> TlsAcceptor {
    let certs = vec![CertificateDer::from_pem_slice(CERT).expect("test certificate")];
    let key = PrivateKeyDer::from_pem_slice(KEY).expect("test key");
    let mut config =
        ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .expect("TLS server config");
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    TlsAcceptor::from(Arc::new(config))
}

/// Serves the proxy on `listener` until the task is aborted.
pub(crate) async fn serve(listener: TcpListener, app: Router) {
    let tls = acceptor();
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let (tls, app) = (tls.clone(), app.clone());
        tokio::spawn(async move {
            let _ = tunnel(stream, tls, app).await;
        });
    }
}

async fn tunnel(mut stream: TcpStream, tls: TlsAcceptor, app: Router) -> std::io::Result<()> {
    // The CONNECT request: read up to its blank line (the client waits for our answer).
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await? == 0 || head.len() > 8192 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    if !head.starts_with(b"CONNECT ") {
        stream
            .write_all(b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n")
            .await?;
        return Ok(());
    }
    stream
        .write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        .await?;
    let tls = tls.accept(stream).await?;
    let service = TowerToHyperService::new(app);
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(TokioIo::new(tls), service)
        .await;
    Ok(())
}
