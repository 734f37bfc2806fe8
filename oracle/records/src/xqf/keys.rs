//! The XQF keys (version 11 and above): derived from eight header bytes,
//! they shift the piece table, the move squares, the comment lengths, and
//! every byte from 0x400 on.

/// The 32 bytes the stream key is cut from.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The keys of one file. All zero (and no stream key) for version 10.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Keys {
    pub piece: u8,
    pub from: u8,
    pub to: u8,
    pub comment: u32,
    pub stream: [u8; 32],
}

/// The header bytes 0x03–0x0F that the keys come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyBytes {
    /// 0x03 KeyMask.
    pub mask: u8,
    /// 0x08–0x0B KeyOrA … KeyOrD.
    pub or: [u8; 4],
    /// 0x0C KeysSum.
    pub sum: u8,
    /// 0x0D KeyXY (pieces).
    pub xy: u8,
    /// 0x0E KeyXYf (from-squares).
    pub xyf: u8,
    /// 0x0F KeyXYt (to-squares).
    pub xyt: u8,
}

impl KeyBytes {
    /// Key bytes made from a seed, with KeysSum chosen as the readers of
    /// the format expect (KeysSum + KeyXY + KeyXYf + KeyXYt ≡ 0 mod 256,
    /// as in the real files).
    #[must_use]
    pub fn from_seed(seed: u64) -> KeyBytes {
        let mut rng = xq_core::random::Rng::new(seed);
        let mut byte = || (rng.next_u64() & 0xFF) as u8;
        let (mask, a, b, c, d, xy, xyf, xyt) = (
            byte(),
            byte(),
            byte(),
            byte(),
            byte(),
            byte(),
            byte(),
            byte(),
        );
        KeyBytes {
            mask,
            or: [a, b, c, d],
            sum: 0u8.wrapping_sub(xy).wrapping_sub(xyf).wrapping_sub(xyt),
            xy,
            xyf,
            xyt,
        }
    }

    pub(crate) fn read(header: &[u8]) -> KeyBytes {
        KeyBytes {
            mask: header[3],
            or: [header[8], header[9], header[10], header[11]],
            sum: header[12],
            xy: header[13],
            xyf: header[14],
            xyt: header[15],
        }
    }

    pub(crate) fn write(&self, header: &mut [u8]) {
        header[3] = self.mask;
        header[8..12].copy_from_slice(&self.or);
        header[12] = self.sum;
        header[13] = self.xy;
        header[14] = self.xyf;
        header[15] = self.xyt;
    }
}

/// 54k² + 221, mod 256: the factor each key byte contributes.
fn f(k: u8) -> u8 {
    54u8.wrapping_mul(k.wrapping_mul(k)).wrapping_add(221)
}

impl Keys {
    pub(crate) fn plain() -> Keys {
        Keys {
            piece: 0,
            from: 0,
            to: 0,
            comment: 0,
            stream: [0; 32],
        }
    }

    pub(crate) fn derive(k: &KeyBytes) -> Keys {
        let piece = f(k.xy).wrapping_mul(k.xy);
        let from = f(k.xyf).wrapping_mul(piece);
        let to = f(k.xyt).wrapping_mul(from);
        let comment = ((u32::from(k.sum) * 256 + u32::from(k.xy)) % 32000) + 767;
        let b = [
            (k.sum & k.mask) | k.or[0],
            (k.xy & k.mask) | k.or[1],
            (k.xyf & k.mask) | k.or[2],
            (k.xyt & k.mask) | k.or[3],
        ];
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            *s = COPYRIGHT[i] & b[i % 4];
        }
        Keys {
            piece,
            from,
            to,
            comment,
            stream,
        }
    }
}
