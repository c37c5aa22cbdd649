//! An I/O wrapper that fails a connection on which no byte moved for a while.
//!
//! hyper's header-read timeout covers slow request heads and idle keep-alive; this covers the
//! rest: a client that stalls in the middle of a body (idle timeout), or stops reading its
//! response (write timeout: a write that stays blocked that long fails the connection, even
//! if the peer keeps sending).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// Why [`IdleTimeout`] failed a connection (the inner error of the `io::Error`, so the
/// server can count each kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Stalled {
    /// No byte moved in either direction for the idle timeout.
    #[error("connection idle for too long")]
    Idle,
    /// The peer took none of our bytes for the write timeout.
    #[error("peer stopped reading")]
    Write,
}

impl Stalled {
    fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::TimedOut, self)
    }

    /// The kind, if `e` is one of ours.
    pub(crate) fn of(e: &io::Error) -> Option<Stalled> {
        e.get_ref()?.downcast_ref::<Stalled>().copied()
    }
}

/// A lazily armed timer: armed on first use, moved only when it fires early, so busy
/// connections pay no timer cost per read or write.
#[derive(Default)]
struct Alarm(Option<Pin<Box<Sleep>>>);

impl Alarm {
    /// True once `deadline` has passed; otherwise registers `cx` to be woken at it.
    fn expired(&mut self, cx: &mut Context<'_>, deadline: Instant) -> bool {
        let sleep = self
            .0
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        loop {
            match sleep.as_mut().poll(cx) {
                Poll::Pending => return false,
                Poll::Ready(()) if Instant::now() >= deadline => return true,
                // Progress was made since the timer was armed: move it to the new deadline.
                Poll::Ready(()) => sleep.as_mut().reset(deadline),
            }
        }
    }
}

/// Wraps `inner`; with both timeouts `None` it is a plain pass-through.
pub(crate) struct IdleTimeout<T> {
    inner: T,
    idle: Option<Duration>,
    write: Option<Duration>,
    last_progress: Instant,
    idle_alarm: Alarm,
    /// Since when writes have been pending with nothing taken, if they are.
    write_blocked_since: Option<Instant>,
    write_alarm: Alarm,
}

impl<T> IdleTimeout<T> {
    pub(crate) fn new(inner: T, idle: Option<Duration>, write: Option<Duration>) -> Self {
        Self {
            inner,
            idle,
            write,
            last_progress: Instant::now(),
            idle_alarm: Alarm::default(),
            write_blocked_since: None,
            write_alarm: Alarm::default(),
        }
    }

    fn progressed(&mut self) {
        if self.idle.is_some() {
            self.last_progress = Instant::now();
        }
    }

    /// Called when the inner I/O is pending: errors once the connection has been idle too long.
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        let Some(timeout) = self.idle else {
            return Ok(());
        };
        if self.idle_alarm.expired(cx, self.last_progress + timeout) {
            return Err(Stalled::Idle.into_io());
        }
        Ok(())
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

    /// Like [`after`](Self::after) for writes: a write that stays pending for the write
    /// timeout fails, however busy the reading side is.
    fn after_write<R>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        if let Some(timeout) = self.write {
            if poll.is_ready() {
                self.write_blocked_since = None;
            } else {
                let since = *self.write_blocked_since.get_or_insert_with(Instant::now);
                if self.write_alarm.expired(cx, since + timeout) {
                    return Poll::Ready(Err(Stalled::Write.into_io()));
                }
            }
        }
        self.after(cx, poll)
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
        this.after_write(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.after_write(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_flush(cx);
        this.after_write(cx, poll)
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
        let mut server = IdleTimeout::new(server, Some(Duration::from_millis(100)), None);
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
        assert_eq!(Stalled::of(&err), Some(Stalled::Idle));
    }

    #[tokio::test(start_paused = true)]
    async fn a_peer_that_reads_nothing_is_cut_by_the_write_timeout() {
        // A 64-byte pipe the client never reads: the server's writes fill it, then block.
        let (client, server) = tokio::io::duplex(64);
        let mut server = IdleTimeout::new(server, None, Some(Duration::from_secs(10)));
        let started = Instant::now();
        let err = server.write_all(&[b'x'; 4096]).await.unwrap_err();
        assert_eq!(Stalled::of(&err), Some(Stalled::Write));
        // Paused time: exactly the timeout, never more.
        assert_eq!(started.elapsed(), Duration::from_secs(10));
        drop(client);
    }
}
