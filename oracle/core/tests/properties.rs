//! Properties that must hold for every position: FEN round-trip, the
//! symmetries of the board, legality agreeing with move generation, and
//! notation round-trips.

use proptest::prelude::*;
use xq_core::attacks::{path, reach};
use xq_core::perft::perft;
use xq_core::random::{placed, played};
use xq_core::{format_move, parse_move, Move, Notation, Position, Square, Validation};

/// Positions from random play (any length) and from random placements.
fn position() -> impl Strategy<Value = Position> {
    prop_oneof![
        (any::<u64>(), 0usize..160).prop_map(|(seed, plies)| played(seed, plies)),
        any::<u64>().prop_map(placed),
    ]
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn fen_round_trips(pos in position()) {
        let fen = pos.fen();
        let again = Position::from_fen(&fen).unwrap();
        prop_assert_eq!(again.fen(), fen);
        prop_assert_eq!(again.hash(), pos.hash());
    }

    #[test]
    fn mirror_symmetry(pos in position()) {
        let m = pos.mirrored();
        prop_assert_eq!(sorted(m.legal_moves()), sorted(pos.legal_moves().into_iter().map(Move::mirror).collect()));
        prop_assert_eq!(m.in_check(), pos.in_check());
        prop_assert_eq!(perft(&m, 2), perft(&pos, 2));
    }

    #[test]
    fn colour_flip_symmetry(pos in position()) {
        let f = pos.color_flipped();
        prop_assert_eq!(sorted(f.legal_moves()), sorted(pos.legal_moves().into_iter().map(Move::flip).collect()));
        prop_assert_eq!(f.in_check(), pos.in_check());
        prop_assert_eq!(perft(&f, 2), perft(&pos, 2));
        prop_assert_eq!(f.status().legal_moves, pos.status().legal_moves);
    }

    #[test]
    fn legal_exactly_when_generated(pos in position(), from in 0usize..90, to in 0usize..90) {
        let m = Move::new(Square::from_index(from), Square::from_index(to));
        prop_assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m));
        // Every generated move also passes the explaining check.
        for m in pos.legal_moves() {
            prop_assert!(pos.check_move(m).is_ok(), "{} refused in {}", m, pos);
        }
    }

    #[test]
    fn legal_captures_are_the_legal_moves_that_take(pos in position()) {
        let want: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| pos.piece_at(m.to).is_some())
            .collect();
        prop_assert_eq!(pos.legal_captures(), want, "in {}", pos);
    }

    #[test]
    fn no_legal_move_exposes_the_king(pos in position()) {
        let mover = pos.turn();
        for m in pos.legal_moves() {
            let next = pos.play_unchecked(m);
            prop_assert!(!next.king_attacked(mover), "{} leaves the king attacked in {}", m, pos);
            prop_assert!(!next.kings_facing(), "{} leaves the kings facing in {}", m, pos);
            // The position after any legal move is itself valid.
            prop_assert!(Position::from_setup(&next.to_setup(), Validation::Relaxed).is_ok());
        }
    }

    #[test]
    fn notation_round_trips(pos in position()) {
        for m in pos.legal_moves() {
            for n in Notation::ALL {
                let text = format_move(&pos, m, n);
                prop_assert_eq!(parse_move(&pos, &text), Ok(m), "{} as {:?} = {:?} in {}", m, n, text, pos);
            }
            // ICCS -> WXF -> Chinese -> ICCS
            let wxf = format_move(&pos, m, Notation::Wxf);
            let zh = format_move(&pos, parse_move(&pos, &wxf).unwrap(), Notation::Chinese);
            prop_assert_eq!(parse_move(&pos, &zh).unwrap().to_string(), m.to_string());
        }
    }

    /// The geometry every other module asks (refusal reasons, 拦, notation)
    /// describes exactly the moves the generator makes: a move of a piece's
    /// shape is pseudo-legal when its target holds no own piece and its path
    /// is clear (a cannon capture: exactly one screen).
    #[test]
    fn geometry_agrees_with_move_generation(pos in position()) {
        let mut pseudo = Vec::new();
        pos.pseudo_legal_moves_into(&mut pseudo);
        for from in Square::iter() {
            let Some(p) = pos.piece_at(from).filter(|p| p.color == pos.turn()) else { continue };
            let shape = reach(p, from);
            for &to in &shape {
                let target = pos.piece_at(to);
                let occupied = path(p.role, from, to).into_iter().filter(|&s| pos.piece_at(s).is_some()).count();
                let expected = match target {
                    Some(t) if t.color == p.color => false,
                    Some(_) if p.role == xq_core::Role::Cannon => occupied == 1,
                    _ => occupied == 0,
                };
                prop_assert_eq!(pseudo.contains(&Move::new(from, to)), expected, "{}{} in {}", from, to, pos);
            }
            for m in pseudo.iter().filter(|m| m.from == from) {
                prop_assert!(shape.contains(&m.to), "{} is generated but not in the shape of {:?}", m, p);
            }
        }
    }
}
