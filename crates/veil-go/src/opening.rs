//! Big-board opening knowledge the playouts cannot find in the time a move
//! gets. On an empty 19×19 board a search of 16 000 playouts spreads them
//! over two hundred points and cannot tell one opening stone from another
//! (its first stone may land on the second line). So, as Fuego does, an
//! empty corner is taken at its 4-4 point while the board is nearly empty,
//! and the first and second lines are not searched where no stone stands
//! within two points: a third-line stone there does all they could.

use crate::board::{Board, EMPTY, Point};

/// Boards from this size on get the opening knowledge.
pub(crate) const BIG: u8 = 13;

/// Corners are taken at once only while fewer stones than this stand.
const OPENING_STONES: usize = 8;

/// Whether no stone stands in the box of columns `cols` and rows `rows`.
fn is_empty_box(board: &Board, cols: (u8, u8), rows: (u8, u8)) -> bool {
    (rows.0..=rows.1).all(|row| {
        (cols.0..=cols.1).all(|col| board.cell(board.index(Point::new(col, row))) == EMPTY)
    })
}

/// Whether no stone stands within `reach` rows and columns of `p`.
fn is_open(board: &Board, p: Point, reach: u8) -> bool {
    let far = board.size() - 1;
    let span = |x: u8| (x.saturating_sub(reach), (x + reach).min(far));
    is_empty_box(board, span(p.col), span(p.row))
}

/// The 4-4 points of the empty corners, while a big board is nearly empty
/// (a corner is empty when nothing stands from its edges to two lines past
/// its 4-4 point on 19×19, one line past on smaller boards).
pub(crate) fn empty_corners(board: &Board) -> Vec<Point> {
    let size = board.size();
    let cells = size as usize * size as usize;
    if size < BIG || cells - board.empty_points().len() >= OPENING_STONES {
        return Vec::new();
    }
    let far = size - 1;
    let k = if size >= 19 { 5 } else { 4 };
    let low = ((0, k), 3);
    let high = ((far - k, far), far - 3);
    let mut corners = Vec::new();
    for (cols, col) in [low, high] {
        for (rows, row) in [low, high] {
            if is_empty_box(board, cols, rows) {
                corners.push(Point::new(col, row));
            }
        }
    }
    corners
}

/// Whether the empty point `i` is on the first or second line of a big board
/// with no stone within two points: never worth a search there.
pub(crate) fn is_idle_edge(board: &Board, i: u16) -> bool {
    let size = board.size();
    if size < BIG {
        return false;
    }
    board.line(i) <= 1 && is_open(board, board.point(i), 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::engine::{Engine, EngineConfig};
    use crate::position::{Move, Position};

    fn at(board: &Board, text: &str) -> Point {
        Point::parse(text, board.size()).unwrap()
    }

    #[test]
    fn an_empty_corner_is_taken_at_its_4_4_point_on_big_boards_only() {
        let mut position = Position::new(19, 0).unwrap();
        let hoshi = |p: &Position| {
            ["D4", "Q4", "D16", "Q16"]
                .map(|t| Move::Play(at(p.board(), t)))
                .to_vec()
        };
        for seed in 0..4 {
            let engine = Engine::new(&position, 7.5, EngineConfig::playouts(100), seed);
            assert!(engine.is_finished(), "no search is needed");
            assert!(hoshi(&position).contains(&engine.best_move()));
        }
        // A stone near a corner's 4-4 point (two lines past it) keeps the
        // engine out of that corner; the far corners are still taken.
        position
            .play(Color::Black, Move::Play(at(position.board(), "F6")))
            .unwrap();
        let corners = empty_corners(position.board());
        assert_eq!(corners.len(), 3);
        assert!(!corners.contains(&at(position.board(), "D4")));
        position
            .play(Color::White, Move::Play(at(position.board(), "G7")))
            .unwrap();
        assert_eq!(
            empty_corners(position.board()).len(),
            3,
            "G7 is past the box"
        );
        // Not on 9×9.
        let small = Position::new(9, 0).unwrap();
        assert!(empty_corners(small.board()).is_empty());
        let engine = Engine::new(&small, 7.5, EngineConfig::playouts(100), 1);
        assert!(!engine.is_finished());
        // Not once the board has filled a little.
        let mut busy = Position::new(19, 0).unwrap();
        for t in ["K10", "K11", "L10", "L11", "M10", "M11", "N10", "N11"] {
            let c = busy.to_move();
            busy.play(c, Move::Play(at(busy.board(), t))).unwrap();
        }
        assert!(empty_corners(busy.board()).is_empty());
    }

    #[test]
    fn the_first_two_lines_are_not_searched_where_nothing_stands_near() {
        let board = Board::from_rows(&[
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            "...X.........",
            ".............",
            ".............",
        ])
        .unwrap();
        let idle = |t: &str| is_idle_edge(&board, board.index(at(&board, t)));
        // The stone stands at D3: C2 and F1 are within two points of it.
        assert!(!idle("C2"));
        assert!(!idle("F1"));
        assert!(idle("H2"), "nothing near H2");
        assert!(idle("A7"));
        assert!(!idle("C7"), "the third line is searched");
        assert!(!idle("G7"));
        let small = Board::from_rows(&["........."; 9]).unwrap();
        assert!(!is_idle_edge(&small, small.index(at(&small, "B2"))), "9×9");
    }
}
