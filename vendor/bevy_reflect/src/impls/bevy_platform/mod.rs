mod collections;
mod hash;
mod sync;
mod time;
