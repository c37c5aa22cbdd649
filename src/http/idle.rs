//! An I/O wrapper that fails a connection on which no byte moved for a while.
//!
//! hyper's header-read timeout covers slow request heads and idle keep-alive; this covers the
//! rest: a client that stalls in the middle of a body or stops reading its response.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// Wraps `inner`; with `timeout == None` it is a plain pass-through.
pub(crate) struct IdleTimeout<T> {
    inner: T,
    timeout: Option<Duration>,
    last_progress: Instant,
    // Armed lazily and re-armed only when it fires, so busy connections pay no timer cost
    // per read or write.
    sleep: Option<Pin<Box<Sleep>>>,
}

impl<T> IdleTimeout<T> {
    pub(crate) fn new(inner: T, timeout: Option<Duration>) -> Self {
        Self {
            inner,
            timeout,
            last_progress: Instant::now(),
            sleep: None,
        }
    }

    fn progressed(&mut self) {
        if self.timeout.is_some() {
            self.last_progress = Instant::now();
        }
    }

    /// Called when the inner I/O is pending: errors once the connection has been idle too long.
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        let Some(timeout) = self.timeout else {
            return Ok(());
        };
        let deadline = self.last_progress + timeout;
        let sleep = self
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        loop {
            match sleep.as_mut().poll(cx) {
                Poll::Pending => return Ok(()),
                Poll::Ready(()) if Instant::now() >= deadline => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "connection idle for too long",
                    ));
                }
                // Progress was made since the timer was armed: move it to the new deadline.
                Poll::Ready(()) => sleep.as_mut().reset(deadline),
            }
        }
    }

    fn after<R>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        match poll {
            Poll::Ready(r) => {
                self.progressed();
                Poll::Ready(r)
            }
            Poll::Pending => match self.poll_idle(cx) {
                Ok(()) => Poll::Pending,
                Err(e) => Poll::Ready(Err(e)),
            },
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleTimeout<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_read(cx, buf);
        this.after(cx, poll)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for IdleTimeout<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.after(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.after(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_flush(cx);
        this.after(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn idle_connection_times_out_and_active_one_does_not() {
        let (client, server) = tokio::io::duplex(64);
        let mut server = IdleTimeout::new(server, Some(Duration::from_millis(100)));
        let mut client = client;

        // Bytes every 40 ms keep it alive past the 100 ms limit.
        let writer = tokio::spawn(async move {
            for _ in 0..5 {
                tokio::time::sleep(Duration::from_millis(40)).await;
                client.write_all(b"x").await.unwrap();
            }
            client // keep open, then go silent
        });
        let mut buf = [0u8; 1];
        for _ in 0..5 {
            server.read_exact(&mut buf).await.unwrap();
        }
        let _client = writer.await.unwrap();
        let err = server.read_exact(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
    }
}
