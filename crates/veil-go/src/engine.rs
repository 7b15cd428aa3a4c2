//! Veil's Go player: UCT with RAVE (all-moves-as-first) and priors, over
//! heavy playouts, run in slices like every Veil computer player.
//!
//! Each iteration walks the tree from the root choosing the child with the
//! best blend of its own win rate and its AMAF win rate (the weight of
//! AMAF fades as the child gathers visits, β = √(k / (3n + k))), expands a
//! node on its second visit with every legal point that fills no own eye
//! (and a pass), plays out with [`Policy::Heavy`], and counts the end by
//! area with komi. Children start with prior visits from Go knowledge:
//! captures and escapes from atari are promising, self-ataris of bigger
//! chains and the first line early on are not, points near the last move
//! a little promising. Superko is checked at the root; in the tree below,
//! the simple ko rule.
//!
//! ```
//! use veil_go::{Color, Position, engine::{Engine, EngineConfig}};
//! let position = Position::new(9, 0).unwrap();
//! let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(300), 1);
//! while !engine.is_finished() {
//!     engine.run(100);
//! }
//! let mv = engine.best_move();
//! assert!(position.check(Color::Black, mv).is_ok());
//! ```

use rand::RngExt;
use veil_core::{GameRng, SeedableRng};
use web_time::{Duration, Instant};

use crate::board::{BLACK, Board, CELLS, Color, EMPTY, WHITE};
use crate::playout::{self, Policy};
use crate::position::{Move, Position};

/// How much an engine thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// The most playouts a move gets.
    pub playouts: u32,
    /// The most thinking time a move gets, over all its slices.
    pub max_time: Option<Duration>,
    /// RAVE's equivalence parameter k.
    pub rave_k: f32,
}

impl EngineConfig {
    pub fn playouts(playouts: u32) -> EngineConfig {
        EngineConfig {
            playouts,
            max_time: None,
            rave_k: 600.0,
        }
    }

    /// Easy, Normal and Hard (Random and Greedy play like Easy with fewer
    /// playouts).
    pub fn level(level: veil_ai::Level) -> EngineConfig {
        use veil_ai::Level;
        EngineConfig::playouts(match level {
            Level::Random => 50,
            Level::Greedy => 200,
            Level::Easy => 1_000,
            Level::Normal => 6_000,
            Level::Hard => 30_000,
        })
    }
}

const PASS: u16 = 0;
const NO_CHILDREN: u32 = u32::MAX;
/// Nodes the tree may hold (about 70 MB); past it, leaves stop expanding.
const MAX_NODES: usize = 3_000_000;
/// A leaf is expanded once it has been reached this often.
const EXPAND_AT: u32 = 3;
/// UCB's exploration constant (small: the priors and AMAF explore too).
const EXPLORATION: f32 = 0.15;

#[derive(Clone, Copy, Debug)]
struct Node {
    mv: u16,
    first_child: u32,
    children: u16,
    visits: u32,
    wins: f32,
    amaf_visits: f32,
    amaf_wins: f32,
}

impl Node {
    fn new(mv: u16, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            first_child: NO_CHILDREN,
            children: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: prior_visits,
            amaf_wins: prior_wins,
        }
    }
}

/// A search for the best move from one position.
pub struct Engine {
    root: Board,
    to_move: Color,
    komi: f32,
    config: EngineConfig,
    nodes: Vec<Node>,
    rng: GameRng,
    done: u32,
    spent: Duration,
    opponent_passed: bool,
    /// After the opponent passed: whether passing too wins by the count
    /// with the dead stones the playouts propose.
    pass_wins: bool,
    legal_root: Vec<Move>,
    // Scratch, kept between iterations to avoid allocation.
    path: Vec<u32>,
    amaf: Vec<u8>,
}

impl Engine {
    /// A search for the player to move in `position`, counting by area with
    /// `komi`.
    pub fn new(position: &Position, komi: f64, config: EngineConfig, seed: u64) -> Engine {
        let color = position.to_move();
        let board = position.board().clone();
        let mut legal_root = vec![Move::Pass];
        legal_root.extend(position.legal_points(color).into_iter().map(Move::Play));
        let opponent_passed = matches!(position.moves().last(), Some((_, Move::Pass)));
        let pass_wins = opponent_passed && {
            let mut rng = GameRng::seed_from_u64(seed ^ board.hash());
            let dead = crate::scoring::propose_dead(&board, color, 200, &mut rng);
            let count = crate::scoring::score(&board, &dead, crate::Rules::Area, komi, [0, 0]);
            count.winner() == Some(color)
        };
        let mut engine = Engine {
            root: board,
            to_move: color,
            komi: komi as f32,
            config,
            nodes: Vec::with_capacity(4096),
            rng: GameRng::seed_from_u64(seed),
            done: 0,
            spent: Duration::ZERO,
            opponent_passed,
            pass_wins,
            legal_root,
            path: Vec::with_capacity(256),
            amaf: vec![0; CELLS],
        };
        engine.nodes.push(Node::new(PASS, 0.0, 0.0));
        engine.expand(0, &engine.root.clone(), color, true);
        engine
    }

    /// Playouts done.
    pub fn playouts(&self) -> u32 {
        self.done
    }

    /// The playouts its configuration allows.
    pub fn budget(&self) -> u32 {
        self.config.playouts
    }

    pub fn is_finished(&self) -> bool {
        self.done >= self.config.playouts
            || self.config.max_time.is_some_and(|t| self.spent >= t)
            || self.trivial().is_some()
    }

    /// A move that needs no search: the only legal one, or a pass that
    /// wins after the opponent passed (counted with the dead stones the
    /// playouts propose, not by the stones as they stand, which would end
    /// an unsettled game).
    fn trivial(&self) -> Option<Move> {
        if self.legal_root.len() == 1 {
            return Some(Move::Pass);
        }
        self.pass_wins.then_some(Move::Pass)
    }

    /// Runs up to `iterations` playouts; returns how many ran.
    pub fn run(&mut self, iterations: u32) -> u32 {
        let started = Instant::now();
        let mut ran = 0;
        while ran < iterations && !self.is_finished() {
            self.iterate();
            ran += 1;
            self.done += 1;
            if ran % 64 == 0 {
                let now = started.elapsed();
                if self.config.max_time.is_some_and(|t| self.spent + now >= t) {
                    break;
                }
            }
        }
        self.spent += started.elapsed();
        ran
    }

    /// Runs for about `budget` of wall time (one frame's slice).
    pub fn run_for(&mut self, budget: Duration) -> u32 {
        let started = Instant::now();
        let mut ran = 0;
        while started.elapsed() < budget && !self.is_finished() {
            ran += self.run(32);
        }
        ran
    }

    /// The move to play: the most visited at the root.
    pub fn best_move(&self) -> Move {
        if let Some(mv) = self.trivial() {
            return mv;
        }
        let root = &self.nodes[0];
        let most_visited = |skip_pass: bool| {
            let mut best: Option<&Node> = None;
            for c in self.children(root) {
                if skip_pass && c.mv == PASS {
                    continue;
                }
                if best.is_none_or(|b| c.visits > b.visits) {
                    best = Some(c);
                }
            }
            best
        };
        let mut best = most_visited(false);
        // Passing first hands the opponent a free move; a stone that does
        // about as well is played instead (harmless under area counting).
        if !self.opponent_passed
            && let Some(node) = best
            && node.mv == PASS
            && let Some(other) = most_visited(true)
            && other.visits > 0
            && other.wins / other.visits as f32 >= node.wins / node.visits.max(1) as f32 - 0.1
        {
            best = Some(other);
        }
        // A losing side plays on rather than pass while a stone still does
        // better than the pass (and not when every stone is as bad: then it
        // would only fill its own liberties).
        if let Some(node) = best
            && node.mv == PASS
            && node.visits > 0
            && let Some(other) = most_visited(true)
            && other.visits > 0
        {
            let rate = |n: &Node| n.wins / n.visits as f32;
            if rate(node) < 0.3 && rate(other) > rate(node) + 0.02 {
                best = Some(other);
            }
        }
        match best {
            Some(node) if node.visits > 0 => self.to_move(node.mv),
            // No playout yet: the first child by prior.
            _ => self
                .children(root)
                .max_by(|a, b| a.amaf_wins.total_cmp(&b.amaf_wins))
                .map_or(Move::Pass, |n| self.to_move(n.mv)),
        }
    }

    /// The estimated chance that the player to move wins with the best move.
    pub fn win_rate(&self) -> f64 {
        if self.trivial().is_some() {
            return 1.0;
        }
        let root = &self.nodes[0];
        self.children(root)
            .filter(|c| c.visits > 0)
            .max_by_key(|c| c.visits)
            .map_or(0.5, |c| f64::from(c.wins) / f64::from(c.visits))
    }

    fn to_move(&self, mv: u16) -> Move {
        if mv == PASS {
            Move::Pass
        } else {
            Move::Play(self.root.point(mv))
        }
    }

    fn children<'a>(&'a self, node: &Node) -> impl Iterator<Item = &'a Node> + 'a {
        let range = if node.first_child == NO_CHILDREN {
            0..0
        } else {
            node.first_child as usize..node.first_child as usize + node.children as usize
        };
        self.nodes[range].iter()
    }

    /// Adds the children of `node` with their priors.
    fn expand(&mut self, node: u32, board: &Board, color: Color, root: bool) {
        if self.nodes.len() + 400 > MAX_NODES {
            return;
        }
        let first = self.nodes.len() as u32;
        let last = board.last_index();
        let early =
            board.empty_points().len() * 4 > board.size() as usize * board.size() as usize * 3;
        let mut count = 0u16;
        let mut add = |nodes: &mut Vec<Node>, mv: u16, visits: f32, rate: f32| {
            nodes.push(Node::new(mv, visits, visits * rate));
            count += 1;
        };
        // Passing in the tree (which ends in a count of the stones as they
        // stand) only when the board is nearly full, or at the root.
        let cells = board.size() as usize * board.size() as usize;
        if root || board.empty_points().len() * 5 < cells {
            add(&mut self.nodes, PASS, 20.0, 0.1);
        }
        let me = if color == Color::Black { BLACK } else { WHITE };
        for &i in board.empty_points() {
            if board.is_eyeish(color, i) {
                continue;
            }
            if root {
                if !self.legal_root.contains(&Move::Play(board.point(i))) {
                    continue;
                }
            } else if board.check(color, i).is_err() {
                continue;
            }
            let (mut visits, mut rate) = (10.0f32, 0.5f32);
            let mut captures = false;
            let mut saves = false;
            let mut own_neighbour = false;
            for n in board.neighbours(i) {
                let c = board.cell(n);
                if c == BLACK || c == WHITE {
                    let h = board.head_of(n);
                    let atari = board.atari_liberty(h).is_some();
                    if c == me {
                        own_neighbour = true;
                        saves |= atari;
                    } else {
                        captures |= atari;
                    }
                }
            }
            let self_atari = !captures && board.is_self_atari(color, i);
            if captures {
                (visits, rate) = (30.0, 0.9);
            } else if self_atari && own_neighbour {
                (visits, rate) = (30.0, 0.05);
            } else if saves {
                (visits, rate) = (20.0, 0.75);
            } else {
                let p = board.point(i);
                let edge = board.size() - 1;
                let line = p.col.min(p.row).min(edge - p.col).min(edge - p.row);
                let big = board.size() >= 13;
                if early && line == 0 {
                    (visits, rate) = (if big { 60.0 } else { 20.0 }, 0.2);
                } else if early && big && line == 1 {
                    (visits, rate) = (60.0, 0.3);
                } else if early && big && (line == 2 || line == 3) {
                    // The third and fourth lines, where big-board openings are.
                    (visits, rate) = (60.0, 0.6);
                } else if let Some(l) = last {
                    let q = board.point(l);
                    let d = p.col.abs_diff(q.col) + p.row.abs_diff(q.row);
                    if d <= 2 {
                        rate = 0.6;
                    }
                }
                if crate::patterns::matches(board, i) {
                    rate = rate.max(0.65);
                    visits = 20.0;
                }
                if self_atari {
                    rate = rate.min(0.3);
                }
            }
            add(&mut self.nodes, i, visits, rate);
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = count;
    }

    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let k = self.config.rave_k;
        let log_n = (parent.visits.max(1) as f32).ln();
        let mut best = parent.first_child;
        let mut best_value = f32::MIN;
        for c in parent.first_child..parent.first_child + parent.children as u32 {
            let child = &self.nodes[c as usize];
            let n = child.visits as f32;
            let amaf = if child.amaf_visits > 0.0 {
                child.amaf_wins / child.amaf_visits
            } else {
                0.5
            };
            let value = if n == 0.0 {
                amaf + EXPLORATION * log_n.sqrt()
            } else {
                let beta = (k / (3.0 * n + k)).sqrt();
                (1.0 - beta) * (child.wins / n) + beta * amaf + EXPLORATION * (log_n / n).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        best
    }

    fn iterate(&mut self) {
        let mut board = self.root.clone();
        let mut color = self.to_move;
        self.path.clear();
        self.path.push(0);
        self.amaf.fill(0);
        let mut node = 0u32;
        let mut passes = u8::from(self.opponent_passed);
        let mut ended = false;
        loop {
            let n = self.nodes[node as usize];
            if n.first_child == NO_CHILDREN || n.children == 0 {
                if n.visits >= EXPAND_AT && n.first_child == NO_CHILDREN && passes < 2 {
                    self.expand(node, &board.clone(), color, false);
                    if self.nodes[node as usize].first_child == NO_CHILDREN {
                        break;
                    }
                    continue;
                }
                break;
            }
            let child = self.select(node);
            let mv = self.nodes[child as usize].mv;
            if mv == PASS {
                board.pass();
                passes += 1;
            } else {
                board.play_unchecked(color, mv);
                if self.amaf[mv as usize] == 0 {
                    self.amaf[mv as usize] = color_bit(color);
                }
                passes = 0;
            }
            self.path.push(child);
            node = child;
            color = color.opponent();
            if passes >= 2 {
                ended = true;
                break;
            }
        }
        let diff = if ended {
            playout::area_difference(&board)
        } else {
            let amaf = &mut self.amaf;
            playout::play_out(&mut board, color, Policy::Heavy, &mut self.rng, |c, i| {
                if amaf[i as usize] == 0 {
                    amaf[i as usize] = color_bit(c);
                }
            })
        };
        let black_wins = diff as f32 - self.komi > 0.0;
        // Credit: the node's move was made by the colour before it.
        let mut mover = self.to_move;
        for depth in 0..self.path.len() {
            let id = self.path[depth] as usize;
            // The root has no mover; its children were moved by `to_move`.
            if depth > 0 {
                let won = (mover == Color::Black) == black_wins;
                let n = &mut self.nodes[id];
                n.visits += 1;
                n.wins += f32::from(u8::from(won));
                mover = mover.opponent();
            } else {
                self.nodes[id].visits += 1;
            }
            // AMAF for the children of this node: moves by the player to
            // move here that were played first by that player later on.
            let to_play = if depth == 0 { self.to_move } else { mover };
            let won = (to_play == Color::Black) == black_wins;
            let bit = color_bit(to_play);
            let node = self.nodes[id];
            if node.first_child == NO_CHILDREN {
                continue;
            }
            for c in node.first_child..node.first_child + node.children as u32 {
                let child = &mut self.nodes[c as usize];
                if child.mv != PASS && self.amaf[child.mv as usize] == bit {
                    child.amaf_visits += 1.0;
                    child.amaf_wins += f32::from(u8::from(won));
                }
            }
        }
        let _ = EMPTY;
    }

    /// The root's children as (move, visits, win rate, AMAF visits, AMAF
    /// rate), most visited first: for tests and tuning.
    pub fn root_stats(&self) -> Vec<(Move, u32, f32, f32, f32)> {
        let mut out: Vec<_> = self
            .children(&self.nodes[0])
            .map(|c| {
                (
                    self.to_move(c.mv),
                    c.visits,
                    c.wins / (c.visits.max(1) as f32),
                    c.amaf_visits,
                    c.amaf_wins / c.amaf_visits.max(1.0),
                )
            })
            .collect();
        out.sort_by_key(|c| std::cmp::Reverse(c.1));
        out
    }

    /// Nodes in the tree.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// A uniformly random legal move, for tests and the weakest play.
    pub fn random_move(&mut self) -> Move {
        let k = self.rng.random_range(0..self.legal_root.len());
        self.legal_root[k]
    }
}

fn color_bit(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn it_captures_a_big_chain_in_atari() {
        // White's four stones have one liberty at E5; Black should take them.
        let board = Board::from_rows(&[
            ".........",
            ".........",
            "...XXX...",
            "..XOOOX..",
            "..XO.OX..",
            "..XOOOX..",
            "...XXX...",
            ".........",
            ".........",
        ])
        .unwrap();
        let position = Position::from_board(board, Color::Black);
        let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(2000), 3);
        engine.run(u32::MAX);
        assert_eq!(
            engine.best_move(),
            Move::Play(Point::parse("E5", 9).unwrap())
        );
        assert!(engine.win_rate() > 0.8);
    }

    #[test]
    fn it_passes_when_a_won_game_was_passed_to_it() {
        let board = Board::from_rows(&[
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
            "..X.O....",
        ])
        .unwrap();
        let mut position = Position::from_board(board, Color::Black);
        position.play(Color::Black, Move::Pass).unwrap();
        // White to move: area 45 - 36 = 9 for White... plus komi.
        let engine = Engine::new(&position, 7.5, EngineConfig::playouts(100), 3);
        assert!(engine.is_finished());
        assert_eq!(engine.best_move(), Move::Pass);
    }
}
