//! A packet's bytes: as the world and the controller keep them (`Payload`, which owns them), and as an
//! answer's event list refers to them (`PacketBytes`, a plain value).
//!
//! On the wire every form is a plain byte sequence (the same bytes as a `Vec<u8>` would give), and
//! decoding a short one allocates nothing.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Longest payload carried inline: as long as the shared form's pointer.
pub const INLINE_BYTES: usize = 16;

/// Up to `INLINE_BYTES` bytes, as a plain value.
#[derive(Clone, Copy)]
pub struct ShortBytes {
    bytes: [u8; INLINE_BYTES],
    len: u8,
}

impl ShortBytes {
    /// `None` when `data` is too long to sit inline.
    pub fn new(data: &[u8]) -> Option<ShortBytes> {
        let mut bytes = [0; INLINE_BYTES];
        bytes.get_mut(..data.len())?.copy_from_slice(data);
        Some(ShortBytes { bytes, len: data.len() as u8 })
    }
}

impl Deref for ShortBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Bytes aligned so that C readers can take them as doubles or 64-bit integers.
#[derive(Clone, Copy)]
#[repr(align(8))]
struct Aligned([u8; INLINE_BYTES]);

/// A packet's bytes. Short ones travel inline, copied into each receiver's event (no shared count for
/// every copy to update, from any thread); longer ones are shared by every receiver of the same packet.
#[derive(Clone)]
pub struct Payload(PayloadRepr);

/// The length sits beside the aligned bytes, where the variant's tag leaves room: 24 bytes in all.
#[derive(Clone)]
enum PayloadRepr {
    Inline { len: u8, bytes: Aligned },
    Shared(Arc<[u8]>),
}

impl Payload {
    /// The bytes as a plain value, when they are short enough to sit inline.
    pub fn short(&self) -> Option<ShortBytes> {
        match &self.0 {
            PayloadRepr::Inline { len, bytes } => Some(ShortBytes { bytes: bytes.0, len: *len }),
            PayloadRepr::Shared(_) => None,
        }
    }
}

impl Deref for Payload {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            PayloadRepr::Inline { len, bytes } => &bytes.0[..usize::from(*len)],
            PayloadRepr::Shared(data) => data,
        }
    }
}

impl From<&[u8]> for Payload {
    fn from(data: &[u8]) -> Payload {
        match ShortBytes::new(data) {
            Some(short) => Payload(PayloadRepr::Inline { len: short.len, bytes: Aligned(short.bytes) }),
            None => Payload(PayloadRepr::Shared(data.into())),
        }
    }
}

impl From<Vec<u8>> for Payload {
    fn from(data: Vec<u8>) -> Payload {
        Payload::from(data.as_slice())
    }
}

/// A packet's bytes in an answer's event list (`DeviceEvents`): short ones inline, longer ones as the
/// index of a payload in the list's side table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum PacketBytes {
    Short(ShortBytes),
    Shared(u32),
}

macro_rules! bytes_like {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &$t) -> bool {
                **self == **other
            }
        }

        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                (**self).fmt(f)
            }
        }

        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_bytes(self)
            }
        }
    };
}

bytes_like!(Payload);
bytes_like!(ShortBytes);

/// Reads a byte sequence (borrowed, owned, or element by element) into `T`.
struct BytesVisitor<T>(std::marker::PhantomData<T>);

trait FromBytes: Sized {
    const EXPECTING: &'static str;
    fn from_bytes<E: serde::de::Error>(data: &[u8]) -> Result<Self, E>;
}

impl FromBytes for Payload {
    const EXPECTING: &'static str = "a byte sequence";
    fn from_bytes<E: serde::de::Error>(data: &[u8]) -> Result<Payload, E> {
        Ok(Payload::from(data))
    }
}

impl FromBytes for ShortBytes {
    const EXPECTING: &'static str = "a byte sequence of at most 16 bytes";
    fn from_bytes<E: serde::de::Error>(data: &[u8]) -> Result<ShortBytes, E> {
        ShortBytes::new(data).ok_or_else(|| E::invalid_length(data.len(), &Self::EXPECTING))
    }
}

impl<'de, T: FromBytes> Visitor<'de> for BytesVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_bytes<E: serde::de::Error>(self, data: &[u8]) -> Result<T, E> {
        T::from_bytes(data)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut data = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(b) = seq.next_element::<u8>()? {
            data.push(b);
        }
        T::from_bytes::<A::Error>(&data)
    }
}

impl<'de> Deserialize<'de> for Payload {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Payload, D::Error> {
        deserializer.deserialize_bytes(BytesVisitor(std::marker::PhantomData))
    }
}

impl<'de> Deserialize<'de> for ShortBytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ShortBytes, D::Error> {
        deserializer.deserialize_bytes(BytesVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_of_every_size_keep_their_bytes_and_encode_as_plain_bytes() {
        for len in [0, 1, 15, 16, 17, 300] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
            let payload = Payload::from(bytes.as_slice());
            assert_eq!(&*payload, bytes.as_slice());
            assert_eq!(payload, Payload::from(bytes.clone()));
            assert_eq!(&*payload.clone(), bytes.as_slice());
            // the same wire form as the bytes themselves (and as a shared slice)
            let encoded = postcard::to_allocvec(&payload).unwrap();
            assert_eq!(encoded, postcard::to_allocvec(&bytes).unwrap());
            assert_eq!(encoded, postcard::to_allocvec(&Arc::<[u8]>::from(bytes.as_slice())).unwrap());
            let back: Payload = postcard::from_bytes(&encoded).unwrap();
            assert_eq!(&*back, bytes.as_slice());
            // a self-describing format hands the bytes over one by one
            let json = serde_json::to_string(&payload).unwrap();
            assert_eq!(serde_json::from_str::<Payload>(&json).unwrap(), payload);
        }
    }

    #[test]
    fn short_payloads_are_inline_and_aligned_for_doubles() {
        assert_eq!(std::mem::size_of::<Payload>(), 24);
        let short = Payload::from(&[1u8; 16][..]);
        assert!(short.short().is_some());
        assert_eq!(short.as_ptr() as usize % 8, 0);
        let long = Payload::from(&[1u8; 17][..]);
        assert!(long.short().is_none());
        assert_ne!(Payload::from(&[1u8, 2][..]), Payload::from(&[1u8, 3][..]));
        assert_ne!(Payload::from(&[1u8][..]), Payload::from(&[1u8, 0][..]));
    }

    #[test]
    fn short_bytes_refuse_more_than_sixteen_bytes_on_the_wire() {
        let ok = postcard::to_allocvec(&[9u8; 16].to_vec()).unwrap();
        assert_eq!(&*postcard::from_bytes::<ShortBytes>(&ok).unwrap(), &[9u8; 16]);
        let long = postcard::to_allocvec(&[9u8; 17].to_vec()).unwrap();
        assert!(postcard::from_bytes::<ShortBytes>(&long).is_err());
        let packet = PacketBytes::Short(ShortBytes::new(b"abc").unwrap());
        let back: PacketBytes = postcard::from_bytes(&postcard::to_allocvec(&packet).unwrap()).unwrap();
        assert_eq!(back, packet);
    }
}
