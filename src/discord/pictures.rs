//! Map pictures posted after their text (issue 30, item 15).
//!
//! An answer's text (what happened, who acts next, the buttons) is posted as soon as the table
//! is done; the map moment's pictures are drawn afterwards on blocking threads, at most
//! [`crate::table::limits::MAX_CONCURRENT_RENDERS`] at once, and posted to the channel as one
//! message (close-ups first, then the full map). Per channel the queue holds only the newest
//! job: a board that changed again before its picture was drawn replaces the waiting job, and
//! a picture finished after a newer job arrived is dropped, so a channel never gets a stale
//! picture after a fresh one. Changes are marked against the last picture actually posted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serenity::all::{ChannelId, CreateAllowedMentions, CreateAttachment, CreateMessage, Http};
use tokio::sync::Semaphore;

use crate::table::{Channel, PictureBoard, PictureJob};

/// What the queue knows about one channel.
#[derive(Default)]
struct ChannelQueue {
    /// The newest job not started yet.
    waiting: Option<PictureJob>,
    /// The newest job handed in (game, seq), started or not.
    newest: Option<(i64, u64)>,
    /// A task is drawing or posting for this channel.
    busy: bool,
    /// The board of the last picture posted, by game.
    posted: Option<(i64, PictureBoard)>,
    /// The message of the last picture posted (the dashboard links to it, issue 29).
    message: Option<u64>,
}

/// The per-channel picture queues and the drawing slots they share.
pub(crate) struct PictureQueue {
    channels: Mutex<HashMap<Channel, ChannelQueue>>,
    slots: Arc<Semaphore>,
    /// Called with the channel after a picture was posted (the dashboard's link follows).
    on_posted: std::sync::OnceLock<Box<dyn Fn(Channel) + Send + Sync>>,
    // --- campaign (issue 32): Discord refused the picture (no Attach Files): the table is told
    /// Called with the channel when Discord refused a picture for a missing permission.
    on_refused: std::sync::OnceLock<Box<dyn Fn(Channel) + Send + Sync>>,
    /// The bot-wide pace of the shared client's requests (`Rhythm::global`).
    pub(crate) global: Arc<super::dashboard::Pacer>,
}

impl Default for PictureQueue {
    fn default() -> Self {
        PictureQueue {
            channels: Mutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(crate::table::limits::MAX_CONCURRENT_RENDERS)),
            on_posted: std::sync::OnceLock::new(),
            on_refused: std::sync::OnceLock::new(),
            global: Arc::new(super::dashboard::Pacer::every(
                super::dashboard::GLOBAL_PACE,
            )),
        }
    }
}

impl PictureQueue {
    /// A queue whose posts take slots of the bot-wide `global` pacer.
    pub(crate) fn with_pace(global: Arc<super::dashboard::Pacer>) -> Self {
        PictureQueue {
            global,
            ..PictureQueue::default()
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl PictureQueue {
    /// Sets what happens after a picture was posted (once).
    pub(crate) fn set_on_posted(&self, f: Box<dyn Fn(Channel) + Send + Sync>) {
        let _ = self.on_posted.set(f);
    }

    /// Sets what happens when Discord refuses a picture for a missing permission (once).
    pub(crate) fn set_on_refused(&self, f: Box<dyn Fn(Channel) + Send + Sync>) {
        let _ = self.on_refused.set(f);
    }

    /// The message id of the channel's last picture posted in this process.
    pub(crate) fn last_posted(&self, channel: Channel) -> Option<u64> {
        lock(&self.channels).get(&channel).and_then(|q| q.message)
    }

    /// Hands in a channel's newest pictures; an older job still waiting is dropped.
    pub(crate) fn submit(self: &Arc<Self>, http: Arc<Http>, channel: Channel, job: PictureJob) {
        let start = {
            let mut map = lock(&self.channels);
            let q = map.entry(channel).or_default();
            if q.newest
                .is_some_and(|(g, seq)| g == job.game && seq > job.seq)
            {
                return;
            }
            q.newest = Some((job.game, job.seq));
            q.waiting = Some(job);
            !std::mem::replace(&mut q.busy, true)
        };
        if start {
            let me = self.clone();
            tokio::spawn(async move { me.run(http, channel).await });
        }
    }

    /// Whether `job` is still the channel's newest.
    fn is_newest(&self, channel: Channel, job: &PictureJob) -> bool {
        lock(&self.channels)
            .get(&channel)
            .is_some_and(|q| q.newest == Some((job.game, job.seq)))
    }

    /// Draws and posts the channel's jobs until none waits.
    async fn run(self: Arc<Self>, http: Arc<Http>, channel: Channel) {
        loop {
            let (job, previous) = {
                let mut map = lock(&self.channels);
                let Some(q) = map.get_mut(&channel) else {
                    return;
                };
                match q.waiting.take() {
                    Some(job) => {
                        let prev = q
                            .posted
                            .as_ref()
                            .filter(|(g, _)| *g == job.game)
                            .map(|(_, b)| b.clone());
                        (job, prev)
                    }
                    None => {
                        q.busy = false;
                        return;
                    }
                }
            };
            let Ok(permit) = self.slots.clone().acquire_owned().await else {
                return;
            };
            // Superseded while waiting for a slot: the newer job is in `waiting`.
            if !self.is_newest(channel, &job) {
                drop(permit);
                continue;
            }
            let j = job.clone();
            let drawn = tokio::task::spawn_blocking(move || j.draw(previous.as_ref())).await;
            drop(permit);
            let images = match drawn {
                Ok(Ok(images)) => images,
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "drawing the map failed");
                    continue;
                }
                Err(e) => {
                    tracing::error!(error = %e, "drawing the map panicked");
                    continue;
                }
            };
            if !self.is_newest(channel, &job) || images.is_empty() {
                continue;
            }
            let mut msg = CreateMessage::new()
                .allowed_mentions(CreateAllowedMentions::new().empty_users().empty_roles());
            for img in &images {
                msg = msg.add_file(CreateAttachment::bytes(img.png.clone(), img.name.clone()));
            }
            self.global.pace().await;
            match ChannelId::new(channel.channel.max(1))
                .send_message(&http, msg)
                .await
            {
                Ok(m) => {
                    if let Some(q) = lock(&self.channels).get_mut(&channel) {
                        q.posted = Some((job.game, job.board.clone()));
                        q.message = Some(m.id.get());
                    }
                    if let Some(f) = self.on_posted.get() {
                        f(channel);
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "posting the map failed");
                    // --- campaign (issue 32): 50013 for a post with files: say so
                    let refused = matches!(
                        &e,
                        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r))
                            if r.error.code == 50013
                    );
                    if refused {
                        if let Some(f) = self.on_refused.get() {
                            f(channel);
                        }
                    }
                }
            }
        }
    }
}
