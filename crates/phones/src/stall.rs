//! A connection's stream that gives up on a client that stopped reading: once a write has
//! waited longer than the bound with nothing taken, the write fails and the connection is
//! dropped. A phone asleep takes a ping every ten seconds, a few bytes: its buffers take far
//! longer than the bound to fill; a client that reads nothing on purpose is gone after it.

use std::future::Future as _;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// A stream whose writes fail after waiting `limit` on a client that reads nothing.
pub(crate) struct Stall<S> {
    inner: S,
    limit: Duration,
    /// Runs from the first write that had to wait, until one goes through.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> Stall<S> {
    pub(crate) fn new(inner: S, limit: Duration) -> Self {
        Self {
            inner,
            limit,
            waiting: None,
        }
    }

    /// After the stream said it cannot take more now: still waiting, or waited too long.
    fn waited<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let timer = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            )));
        }
        Poll::Pending
    }

    fn went<T>(&mut self, done: Poll<io::Result<T>>, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        match done {
            Poll::Pending => self.waited(cx),
            ready => {
                self.waiting = None;
                ready
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Stall<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Stall<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.went(done, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let done = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.went(done, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let done = Pin::new(&mut self.inner).poll_flush(cx);
        self.went(done, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt as _;

    #[tokio::test(start_paused = true)]
    async fn a_write_that_waits_past_the_bound_fails_and_one_that_goes_through_resets_it() {
        // A pipe of 64 bytes whose other end reads nothing.
        let (near, mut far) = tokio::io::duplex(64);
        let mut stream = Stall::new(near, Duration::from_secs(30));
        let chunk = [7u8; 48];
        stream
            .write_all(&chunk)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        // The next write cannot go through: it fails once the bound has passed, not before.
        let started = tokio::time::Instant::now();
        let failed = stream.write_all(&chunk).await;
        assert_eq!(failed.map_err(|e| e.kind()), Err(io::ErrorKind::TimedOut));
        assert!(started.elapsed() >= Duration::from_secs(30));
        // A reader that takes what waits lets writes through again.
        let mut taken = vec![0u8; 64];
        let _ = tokio::io::AsyncReadExt::read(&mut far, &mut taken).await;
        stream
            .write_all(&chunk[..8])
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
