//! A minimal SMTP server for tests: it takes what lettre sends (no TLS, no
//! authentication) and keeps each message.

use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// One message as the SMTP server received it.
#[derive(Debug, Clone, Default)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

/// A minimal SMTP server (RFC 5321 commands lettre uses, no TLS, no auth).
#[derive(Clone, Default)]
pub struct SmtpSink {
    inbox: Arc<Mutex<Vec<Received>>>,
    pub arrived: Arc<Notify>,
}

impl SmtpSink {
    /// Listens on 127.0.0.1; answers the `SMTP_URL` that reaches it.
    pub async fn start(&self) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("smtp://{}", listener.local_addr().expect("addr"));
        let sink = self.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let sink = sink.clone();
                tokio::spawn(async move { sink.session(socket).await });
            }
        });
        url
    }

    async fn session(&self, socket: tokio::net::TcpStream) -> std::io::Result<()> {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 sink.test ESMTP\r\n").await?;
        let mut current = Received::default();
        while let Some(line) = lines.next_line().await? {
            let upper = line.to_ascii_uppercase();
            let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                b"250 sink.test\r\n"
            } else if upper.starts_with("MAIL FROM:") {
                current = Received {
                    from: line[10..].trim().to_string(),
                    ..Received::default()
                };
                b"250 OK\r\n"
            } else if upper.starts_with("RCPT TO:") {
                current.to.push(line[8..].trim().to_string());
                b"250 OK\r\n"
            } else if upper == "DATA" {
                write
                    .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                    .await?;
                while let Some(data_line) = lines.next_line().await? {
                    if data_line == "." {
                        break;
                    }
                    current.data.push_str(&data_line);
                    current.data.push('\n');
                }
                self.inbox
                    .lock()
                    .expect("inbox")
                    .push(std::mem::take(&mut current));
                self.arrived.notify_waiters();
                b"250 OK: queued\r\n"
            } else if upper == "QUIT" {
                write.write_all(b"221 Bye\r\n").await?;
                return Ok(());
            } else {
                b"250 OK\r\n" // RSET, NOOP
            };
            write.write_all(reply).await?;
        }
        Ok(())
    }

    /// Every message received so far.
    pub fn messages(&self) -> Vec<Received> {
        self.inbox.lock().expect("inbox").clone()
    }
}
