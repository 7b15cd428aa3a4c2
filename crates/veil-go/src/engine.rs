//! Veil's Go player: UCT with RAVE (all-moves-as-first) and priors, over
//! heavy playouts, run in slices like every Veil computer player.
//!
//! Each iteration walks the tree from the root choosing the child with the
//! best blend of its own win rate and its AMAF win rate (the weight of AMAF
//! fades as the child gathers visits, β = √(k / (3n + k))), expands a node
//! once it has been reached three times, with every legal point that fills
//! no own eye (and a pass), plays out with [`Policy::Heavy`], and counts
//! the end by area with komi. Children start with prior visits from Go
//! knowledge, counted both in their AMAF and in their own mean (as MoGo and
//! Fuego do: in the AMAF alone they drown once a child has thousands of
//! AMAF updates): captures and escapes from atari are promising,
//! self-ataris of bigger chains and the first line early on are not, points
//! near the last move a little promising. Ladders are read (see `tactics`):
//! running from atari into a ladder is unpromising, an atari that starts a
//! working ladder promising, and so is lengthening a chain a ladder
//! threatens. AMAF counts are weighted by how soon after the node the move
//! was played (from 2 down to 0 at the playout's end). On 19×19 the
//! playouts learn as the search goes: each winner's replies to the move
//! before (and the two before) are tried first in later playouts, and
//! forgotten when they lose (last good reply with forgetting, LGRF-2), and
//! the search counts who owns each point at the playouts' ends: once a
//! thousand playouts tell, a new node's children on points whose owner
//! decides the game (criticality, see `owners`) start with a better prior
//! and those on settled points with a poorer one. On 13×13 and 19×19 an
//! empty corner is taken at its 4-4 point while the board is nearly empty,
//! and first- and second-line points with no stone near are not searched
//! (see `opening`). Superko is checked at the root; in the tree
//! below, the simple ko rule. [`Engine::continued`] keeps the subtree of
//! the moves since the last search (tree reuse).
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
use crate::owners::Owners;
use crate::playout::{self, Policy};
use crate::position::{Move, Position};
use crate::tactics;

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
/// Nodes the tree may hold (about 100 MB); past it, leaves stop expanding.
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
    /// The prior, as visits and wins of its own: it starts the AMAF
    /// counts and also weighs in the node's own mean, where it lasts
    /// (on a big board a child's AMAF count soon reaches thousands).
    prior_visits: f32,
    prior_wins: f32,
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
            prior_visits,
            prior_wins,
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
    /// The moves that led to the root, and the board size and handicap
    /// they began from, to find the root again in a later position (tree
    /// reuse).
    history: Vec<(Color, Move)>,
    origin: (u8, Vec<crate::Point>),
    /// The root's visits kept from the search before.
    reused: u32,
    /// An empty corner's 4-4 point, taken without a search while a big
    /// board is nearly empty (see `opening`).
    corner: Option<Move>,
    // Scratch, kept between iterations to avoid allocation.
    path: Vec<u32>,
    /// Per point, who played it first in this iteration and at which ply:
    /// `ply << 2 | colour bit`, 0 if nobody did.
    amaf: Vec<u32>,
    /// The playouts' last good replies, learnt over every playout of this
    /// search (and kept by [`Engine::continued`]); on 19×19 only, where
    /// they were measured to help (on 9×9 they cost, see the README).
    replies: Option<playout::Replies>,
    /// This iteration's moves, after the root's last two (a pass as 0),
    /// recorded only while the replies learn.
    moves: Vec<(Color, u16)>,
    /// The root's last two moves, the replies' context at the root.
    context: [(Color, u16); 2],
    /// Who owned each point at the playouts' ends and whether its owner
    /// won (on 19×19 only): once there are enough, they weigh in the
    /// priors of the children made from then on.
    owners: Option<Owners>,
    /// Whether the root's children have had the owners' priors.
    root_primed: bool,
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
            history: position.moves().to_vec(),
            origin: (position.size(), position.handicap().to_vec()),
            reused: 0,
            corner: None,
            path: Vec::with_capacity(256),
            amaf: vec![0; CELLS],
            replies: (position.size() as usize == crate::board::MAX_SIZE)
                .then(playout::Replies::new),
            moves: Vec::with_capacity(1024),
            context: [(color, PASS); 2],
            owners: (position.size() as usize == crate::board::MAX_SIZE)
                .then(|| Owners::new(position.board())),
            root_primed: false,
        };
        for (k, slot) in engine.context.iter_mut().rev().enumerate() {
            *slot = match position.moves().iter().rev().nth(k) {
                Some((c, Move::Play(p))) => (*c, engine.root.index(*p)),
                Some((c, Move::Pass)) => (*c, PASS),
                None => (color.opponent(), PASS),
            };
        }
        let corners = crate::opening::empty_corners(&engine.root);
        if !corners.is_empty() {
            let pick = corners[(seed % corners.len() as u64) as usize];
            engine.corner = Some(Move::Play(pick)).filter(|m| engine.legal_root.contains(m));
        }
        engine.nodes.push(Node::new(PASS, 0.0, 0.0));
        engine.expand(0, &engine.root.clone(), color, true);
        engine
    }

    /// A search for `position` that keeps what `previous` learned of it:
    /// when `position` follows from `previous`'s root by moves its tree
    /// holds, the subtree under them is kept (its visits, wins and AMAF
    /// counts), so the playouts spent on the likely reply are not lost.
    /// The root's children are made anew (superko, the pass), each with
    /// the old child's counts and subtree.
    pub fn continued(
        previous: Option<Engine>,
        position: &Position,
        komi: f64,
        config: EngineConfig,
        seed: u64,
    ) -> Engine {
        let mut engine = Engine::new(position, komi, config, seed);
        let mut previous = previous;
        // The replies learnt last move still answer the same local fights.
        let previous_replies = previous.as_mut().and_then(|p| p.replies.take());
        // Two moves on, most points are owned as they were.
        if let Some(mut owners) = previous.as_mut().and_then(|p| p.owners.take())
            && engine.owners.is_some()
        {
            owners.fade(OWNERS_FADE);
            engine.owners = Some(owners);
            engine.root_primed = engine.prime(0);
        }
        if let Some(prev) = previous
            && prev.komi == komi as f32
            && let Some(old_root) = prev.follow(position)
        {
            engine.graft(&prev, old_root);
        }
        if let Some(prev) = previous_replies
            && engine.replies.is_some()
        {
            engine.replies = Some(prev);
        }
        engine
    }

    /// The node of this tree at `position`, if it follows from the root by
    /// moves the tree holds.
    fn follow(&self, position: &Position) -> Option<u32> {
        if self.origin.0 != position.size() || self.origin.1 != position.handicap() {
            return None;
        }
        let moves = position.moves();
        let tail = moves.strip_prefix(self.history.as_slice())?;
        let mut color = self.to_move;
        let mut node = 0u32;
        for (c, mv) in tail {
            if *c != color {
                return None;
            }
            let key = match mv {
                Move::Pass => PASS,
                Move::Play(p) => self.root.index(*p),
            };
            let n = self.nodes[node as usize];
            if n.first_child == NO_CHILDREN {
                return None;
            }
            node = (n.first_child..n.first_child + n.children as u32)
                .find(|c| self.nodes[*c as usize].mv == key)?;
            color = color.opponent();
        }
        (color == position.to_move() && node != 0).then_some(node)
    }

    /// Gives this (fresh) root the counts of `prev`'s node `old_root`, and
    /// each child the counts and subtree of the old child of its move.
    fn graft(&mut self, prev: &Engine, old_root: u32) {
        let old = prev.nodes[old_root as usize];
        if old.first_child == NO_CHILDREN {
            return;
        }
        self.nodes[0].visits = old.visits;
        self.reused = old.visits;
        let root = self.nodes[0];
        for c in root.first_child..root.first_child + root.children as u32 {
            let mv = self.nodes[c as usize].mv;
            let Some(o) = (old.first_child..old.first_child + old.children as u32)
                .find(|o| prev.nodes[*o as usize].mv == mv)
            else {
                continue;
            };
            let on = prev.nodes[o as usize];
            let n = &mut self.nodes[c as usize];
            n.visits = on.visits;
            n.wins = on.wins;
            n.amaf_visits = on.amaf_visits;
            n.amaf_wins = on.amaf_wins;
            self.copy_children(prev, o, c);
        }
    }

    /// Copies the children of `prev`'s node `from` (and theirs, and so on)
    /// under this tree's node `to`, while there is room.
    fn copy_children(&mut self, prev: &Engine, from: u32, to: u32) {
        let mut stack = vec![(from, to)];
        while let Some((from, to)) = stack.pop() {
            let f = prev.nodes[from as usize];
            if f.first_child == NO_CHILDREN || self.nodes.len() + f.children as usize > MAX_NODES {
                continue;
            }
            let first = self.nodes.len() as u32;
            for k in 0..f.children as u32 {
                let mut child = prev.nodes[(f.first_child + k) as usize];
                child.first_child = NO_CHILDREN;
                child.children = 0;
                self.nodes.push(child);
                stack.push((f.first_child + k, first + k));
            }
            let t = &mut self.nodes[to as usize];
            t.first_child = first;
            t.children = f.children;
        }
    }

    /// The root's visits kept from the search before ([`Engine::continued`]).
    pub fn reused(&self) -> u32 {
        self.reused
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

    /// A move that needs no search: the only legal one, a pass that wins
    /// after the opponent passed (counted with the dead stones the
    /// playouts propose, not by the stones as they stand, which would end
    /// an unsettled game), or an empty corner early on a big board.
    fn trivial(&self) -> Option<Move> {
        if self.legal_root.len() == 1 {
            return Some(Move::Pass);
        }
        self.pass_wins.then_some(Move::Pass).or(self.corner)
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
                .max_by(|a, b| a.prior_wins.total_cmp(&b.prior_wins))
                .map_or(Move::Pass, |n| self.to_move(n.mv)),
        }
    }

    /// The estimated chance that the player to move wins with the best move.
    pub fn win_rate(&self) -> f64 {
        if self.corner.is_some() && !self.pass_wins {
            return 0.5;
        }
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
        let short = ShortChains::read(board, me);
        for &i in board.empty_points() {
            if board.is_eyeish(color, i) || crate::opening::is_idle_edge(board, i) {
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
            } else if (saves || short.guards(i))
                && tactics::runs_into_ladder(board, color, i, &mut { TREE_LADDER_BUDGET })
            {
                // Running into a ladder only adds stones to the capture.
                (visits, rate) = (30.0, 0.1);
            } else if saves {
                (visits, rate) = (20.0, 0.75);
            } else if short.ladders(board, color, i) {
                (visits, rate) = (30.0, 0.85);
            } else if short.guards(i) {
                // Out of a ladder the opponent could start.
                (visits, rate) = (20.0, 0.7);
            } else {
                let p = board.point(i);
                let line = board.line(i);
                let big = board.size() >= crate::opening::BIG;
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
        self.prime(node);
    }

    /// Adds the owners' priors to the children of `node`, once there are
    /// playouts enough to tell; returns whether it did.
    fn prime(&mut self, node: u32) -> bool {
        let Some(owners) = self
            .owners
            .as_ref()
            .filter(|o| o.playouts() >= OWNERS_READY)
        else {
            return false;
        };
        let n = self.nodes[node as usize];
        if n.first_child == NO_CHILDREN {
            return false;
        }
        for child in &mut self.nodes[n.first_child as usize..][..n.children as usize] {
            if child.mv == PASS {
                continue;
            }
            if let Some((visits, rate)) = owner_prior(owners, child.mv) {
                child.prior_visits += visits;
                child.prior_wins += visits * rate;
                child.amaf_visits += visits;
                child.amaf_wins += visits * rate;
            }
        }
        true
    }

    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let k = self.config.rave_k;
        let log_n = (parent.visits.max(1) as f32).ln();
        let mut best = parent.first_child;
        let mut best_value = f32::MIN;
        for c in parent.first_child..parent.first_child + parent.children as u32 {
            let child = &self.nodes[c as usize];
            let n = child.visits as f32 + child.prior_visits;
            let amaf = if child.amaf_visits > 0.0 {
                child.amaf_wins / child.amaf_visits
            } else {
                0.5
            };
            let value = if n == 0.0 {
                amaf + EXPLORATION * log_n.sqrt()
            } else {
                let beta = (k / (3.0 * n + k)).sqrt();
                let mean = (child.wins + child.prior_wins) / n;
                (1.0 - beta) * mean + beta * amaf + EXPLORATION * (log_n / n).sqrt()
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
        let learning = self.replies.is_some();
        self.moves.clear();
        if learning {
            self.moves.extend_from_slice(&self.context);
        }
        let mut node = 0u32;
        let mut passes = u8::from(self.opponent_passed);
        let mut ended = false;
        loop {
            let n = self.nodes[node as usize];
            if n.first_child == NO_CHILDREN || n.children == 0 {
                if n.visits >= EXPAND_AT && n.first_child == NO_CHILDREN && passes < 2 {
                    self.expand(node, &board, color, false);
                    if self.nodes[node as usize].first_child == NO_CHILDREN {
                        break;
                    }
                    continue;
                }
                break;
            }
            let child = self.select(node);
            let mv = self.nodes[child as usize].mv;
            if learning {
                self.moves.push((color, mv));
            }
            if mv == PASS {
                board.pass();
                passes += 1;
            } else {
                board.play_unchecked(color, mv);
                let ply = self.path.len() as u32 - 1;
                if self.amaf[mv as usize] == 0 {
                    self.amaf[mv as usize] = ply << 2 | color_bit(color);
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
        let mut plies = self.path.len() as u32 - 1;
        let diff = if ended {
            playout::area_difference(&board)
        } else {
            let amaf = &mut self.amaf;
            let plies = &mut plies;
            let moves = &mut self.moves;
            let context = match moves.as_slice() {
                [.., (_, before), (_, prev)] => (*before, *prev),
                _ => (PASS, PASS),
            };
            playout::play_out_replying(
                &mut board,
                color,
                Policy::Heavy,
                &mut self.rng,
                self.replies.as_ref(),
                context,
                |c, i| {
                    if learning {
                        moves.push((c, i));
                    }
                    if i == PASS {
                        return;
                    }
                    if amaf[i as usize] == 0 {
                        amaf[i as usize] = *plies << 2 | color_bit(c);
                    }
                    *plies += 1;
                },
            )
        };
        let black_wins = diff as f32 - self.komi > 0.0;
        let winner = if black_wins {
            Color::Black
        } else {
            Color::White
        };
        if let Some(replies) = &mut self.replies {
            replies.learn(&self.moves, 2, winner);
        }
        if let Some(owners) = &mut self.owners {
            owners.record(&board, black_wins);
            if !self.root_primed {
                self.root_primed = self.prime(0);
            }
        }
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
            // A move played soon after this node says more about it than
            // one played near the end of the playout: weights fall from 2
            // to 0 over the plies after it (as Fuego weighs RAVE).
            let here = depth as u32;
            let span = plies.saturating_sub(here).max(1) as f32;
            for c in node.first_child..node.first_child + node.children as u32 {
                let child = &mut self.nodes[c as usize];
                let first = self.amaf[child.mv as usize];
                if child.mv != PASS && first & 3 == bit && first >> 2 >= here {
                    let w = 2.0 - ((first >> 2) - here) as f32 / span;
                    child.amaf_visits += w;
                    child.amaf_wins += w * f32::from(u8::from(won));
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

/// Playouts the owners need before they weigh in the priors.
const OWNERS_READY: f32 = 1_000.0;
/// The weight of the last search's owners in the next one.
const OWNERS_FADE: f32 = 0.5;

/// The prior the owners give a stone at `i`, as (visits, win rate): a
/// critical point is promising the more its owner decides the game (on a
/// big board the points of a large area still in doubt, or of a group
/// that lives or dies, reach about 0.1); a point every playout gives one
/// owner is settled, and a stone there is rarely the move.
fn owner_prior(owners: &Owners, i: u16) -> Option<(f32, f32)> {
    let criticality = owners.criticality(i);
    if criticality >= CRITICAL {
        Some(((200.0 * (criticality - CRITICAL)).min(30.0), 0.7))
    } else if owners.owner(i).abs() >= 0.9 {
        Some((10.0, 0.3))
    } else {
        None
    }
}

/// The criticality from which a point's prior rises.
const CRITICAL: f32 = 0.05;

/// Stones a ladder read in the tree may play.
const TREE_LADDER_BUDGET: u32 = 60;

/// The chains of two liberties at a node: the opponent's, which an atari
/// may ladder, and the player's own that the opponent could ladder.
struct ShortChains {
    /// Opponent chains: (head, liberties).
    theirs: Vec<(u16, [u16; 2])>,
    /// Liberties of the player's own chains that a ladder threatens.
    threatened: Vec<u16>,
}

impl ShortChains {
    fn read(board: &Board, me: u8) -> ShortChains {
        let mut short = ShortChains {
            theirs: Vec::new(),
            threatened: Vec::new(),
        };
        for row in 0..board.size() {
            for col in 0..board.size() {
                let i = board.index(crate::Point::new(col, row));
                let c = board.cell(i);
                if (c != BLACK && c != WHITE) || board.head_of(i) != i {
                    continue;
                }
                let mut libs = [0; 3];
                if board.liberties_upto3(i, &mut libs) != 2 {
                    continue;
                }
                if c != me {
                    short.theirs.push((i, [libs[0], libs[1]]));
                } else if tactics::ladder_atari(board, i, &mut { TREE_LADDER_BUDGET }).is_some() {
                    short.threatened.extend_from_slice(&libs[..2]);
                }
            }
        }
        short
    }

    /// Whether `i` is a liberty of an own chain a ladder threatens.
    fn guards(&self, i: u16) -> bool {
        self.threatened.contains(&i)
    }

    /// Whether `color`'s atari at `i` takes an opponent chain in a ladder.
    fn ladders(&self, board: &Board, color: Color, i: u16) -> bool {
        self.theirs.iter().any(|(head, libs)| {
            libs.contains(&i) && {
                let mut b = board.clone();
                b.play_unchecked(color, i);
                let h = b.head_of(*head);
                b.atari_liberty(h).is_some()
                    && b.atari_liberty(b.head_of(i)).is_none()
                    && tactics::dies_in_atari(&b, h, &mut { TREE_LADDER_BUDGET })
            }
        })
    }
}

fn color_bit(color: Color) -> u32 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Point, at};

    #[test]
    fn it_captures_a_big_chain_in_atari() {
        // White's six stones on the sixth line have one liberty at E4; if
        // Black does not take them now, White joins them to its wall below
        // and Black's four on the fifth line die instead. (A chain in atari
        // inside Black's ring, with only its own eye left, would not do:
        // Black may take it whenever it likes, and every move wins.)
        let board = Board::from_rows(&[
            ".........",
            ".........",
            "XXXXXX...",
            "OOOOOX...",
            "XXXXOX...",
            "...X.X...",
            "OOOOOOOOO",
            ".........",
            ".........",
        ])
        .unwrap();
        let position = Position::from_board(board, Color::Black);
        let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(2000), 3);
        engine.run(u32::MAX);
        let e4 = Move::Play(Point::parse("E4", 9).unwrap());
        assert_eq!(engine.best_move(), e4);
        // Taking them keeps the game open; anything else loses it.
        assert!(engine.win_rate() > 0.4, "{}", engine.win_rate());
        for (mv, visits, rate, ..) in engine.root_stats() {
            assert!(mv == e4 || visits < 20 || rate < 0.2, "{mv:?}: {rate}");
        }
    }

    #[test]
    fn the_owners_are_counted_on_19_by_19_only_and_carried_on() {
        for size in [9, 13, 19] {
            let position = Position::new(size, 4).unwrap();
            let mut engine = Engine::new(&position, 0.5, EngineConfig::playouts(50), 1);
            engine.run(u32::MAX);
            let counted = engine.owners.as_ref().map_or(0.0, |o| o.playouts());
            assert_eq!(counted, if size == 19 { 50.0 } else { 0.0 }, "{size}");
            let next =
                Engine::continued(Some(engine), &position, 0.5, EngineConfig::playouts(50), 2);
            let carried = next.owners.as_ref().map_or(0.0, |o| o.playouts());
            assert_eq!(carried, counted * OWNERS_FADE, "{size}");
        }
    }

    #[test]
    fn a_critical_point_gets_a_prior_and_a_settled_one_a_poor_one() {
        // The playouts' ends: K10 Black's when Black wins and White's when
        // White wins (critical); F16 Black's in every one (settled).
        let (mut black_end, mut white_end) = (Board::new(19).unwrap(), Board::new(19).unwrap());
        let (k10, f16, q10) = (
            at(&black_end, "K10"),
            at(&black_end, "F16"),
            at(&black_end, "Q10"),
        );
        for (board, color) in [
            (&mut black_end, Color::Black),
            (&mut white_end, Color::White),
        ] {
            board.play_unchecked(color, k10);
            board.play_unchecked(Color::Black, f16);
        }
        let mut owners = Owners::new(&black_end);
        for _ in 0..(OWNERS_READY as u32 / 2) {
            owners.record(&black_end, true);
            owners.record(&white_end, false);
        }
        // Four handicap stones: no corner taken without a search.
        let position = Position::new(19, 4).unwrap();
        let mut engine = Engine::new(&position, 0.5, EngineConfig::playouts(1), 1);
        let prior = |engine: &Engine, i: u16| {
            let n = engine
                .children(&engine.nodes[0])
                .find(|n| n.mv == i)
                .unwrap();
            (n.prior_visits, n.prior_wins / n.prior_visits)
        };
        let before = [k10, f16, q10].map(|i| prior(&engine, i));
        // Too few playouts yet: nothing changes.
        engine.owners = Some(Owners::new(&black_end));
        assert!(!engine.prime(0));
        engine.owners = Some(owners);
        assert!(engine.prime(0));
        let after = [k10, f16, q10].map(|i| prior(&engine, i));
        assert!(
            after[0].0 > before[0].0 && after[0].1 > before[0].1,
            "{before:?} {after:?}"
        );
        assert!(after[1].1 < before[1].1, "{before:?} {after:?}");
        assert_eq!(after[2], before[2]);
    }

    #[test]
    fn the_playouts_learn_replies_on_19_by_19_only() {
        for (size, learns) in [(9, false), (13, false), (19, true)] {
            // Four handicap stones: no empty corner to take without a search.
            let position = Position::new(size, 4).unwrap();
            let mut engine = Engine::new(&position, 0.5, EngineConfig::playouts(50), 1);
            assert_eq!(engine.replies.is_some(), learns, "{size}");
            engine.run(u32::MAX);
            let learnt = engine.replies.as_ref().map_or(0, |r| r.learnt());
            assert_eq!(learnt > 0, learns, "{size}: {learnt}");
            // Tree reuse hands the tables on.
            let next =
                Engine::continued(Some(engine), &position, 0.5, EngineConfig::playouts(50), 2);
            assert_eq!(next.replies.as_ref().map_or(0, |r| r.learnt()), learnt);
        }
    }

    #[test]
    fn a_prior_still_counts_after_thousands_of_amaf_updates() {
        let position = Position::new(9, 0).unwrap();
        let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(1), 1);
        let first = engine.nodes[0].first_child as usize;
        let (a, b) = (first + 1, first + 2);
        // Two children alike in their playouts and AMAF counts; only the
        // second's prior (a capture's, say) is the better. The first wins
        // a tie, so picking the second shows the prior weighs.
        for (c, prior_rate) in [(a, 0.5), (b, 0.9)] {
            let n = &mut engine.nodes[c];
            (n.visits, n.wins) = (40, 20.0);
            (n.amaf_visits, n.amaf_wins) = (5_000.0, 2_500.0);
            (n.prior_visits, n.prior_wins) = (30.0, 30.0 * prior_rate);
        }
        let root = &mut engine.nodes[0];
        root.visits = 80;
        root.first_child = a as u32;
        root.children = 2;
        assert_eq!(engine.select(0), b as u32);
    }

    #[test]
    fn it_does_not_run_from_a_ladder_and_starts_one() {
        // White C5 in atari at D5, chased by a ladder to the top edge:
        // running only adds stones to the capture.
        let board = Board::from_rows(&[
            ".........",
            ".........",
            ".........",
            "..X......",
            ".XO......",
            "..XX.....",
            ".........",
            ".........",
            ".........",
        ])
        .unwrap();
        let position = Position::from_board(board.clone(), Color::White);
        let mut engine = Engine::new(&position, 7.5, EngineConfig::playouts(1500), 5);
        engine.run(u32::MAX);
        let d5 = Move::Play(Point::parse("D5", 9).unwrap());
        assert_ne!(engine.best_move(), d5, "{:?}", &engine.root_stats()[..3]);
        // The prior of running is low, before any playout.
        let engine = Engine::new(&position, 7.5, EngineConfig::playouts(1), 5);
        let run = engine.nodes[1..]
            .iter()
            .find(|n| engine.to_move(n.mv) == d5)
            .unwrap();
        assert!(run.amaf_wins / run.amaf_visits < 0.2);

        // Black to move: the atari at C4 takes C5 in the ladder.
        let board = Board::from_rows(&crate::tactics::LADDER).unwrap();
        let position = Position::from_board(board, Color::Black);
        let engine = Engine::new(&position, 7.5, EngineConfig::playouts(1), 5);
        let c4 = Move::Play(Point::parse("C4", 9).unwrap());
        let atari = engine.nodes[1..]
            .iter()
            .find(|n| engine.to_move(n.mv) == c4)
            .unwrap();
        assert!(atari.amaf_wins / atari.amaf_visits > 0.8);
    }

    #[test]
    fn a_search_goes_on_from_the_tree_of_the_last() {
        let mut position = Position::new(9, 0).unwrap();
        let mut first = Engine::new(&position, 7.5, EngineConfig::playouts(20_000), 1);
        first.run(u32::MAX);
        let mine = first.best_move();
        position.play(Color::Black, mine).unwrap();
        let key = match mine {
            Move::Play(p) => first.root.index(p),
            Move::Pass => PASS,
        };
        let mine_node = first
            .children(&first.nodes[0])
            .find(|c| c.mv == key)
            .copied()
            .unwrap();
        let reply = first
            .children(&mine_node)
            .max_by_key(|c| c.visits)
            .copied()
            .unwrap();
        position
            .play(Color::White, first.to_move(reply.mv))
            .unwrap();
        let seen = reply.visits;
        assert!(seen > 20, "the reply was searched: {seen}");
        let second = Engine::continued(Some(first), &position, 7.5, EngineConfig::playouts(10), 2);
        assert_eq!(second.nodes[0].visits, seen, "the root keeps its visits");
        assert_eq!(second.reused(), seen);
        let kept: u32 = second.children(&second.nodes[0]).map(|c| c.visits).sum();
        // (A node is expanded after its first EXPAND_AT visits.)
        assert_eq!(kept + EXPAND_AT, seen, "its children keep theirs");
        assert!(second.tree_size() > 50);
        assert_eq!(second.playouts(), 0);

        // A game that did not go on from the first root starts afresh,
        // as does another komi.
        let other = Position::new(9, 0).unwrap();
        let first = Engine::new(&position, 7.5, EngineConfig::playouts(500), 1);
        let fresh = Engine::continued(Some(first), &other, 7.5, EngineConfig::playouts(10), 2);
        assert_eq!(fresh.nodes[0].visits, 0);
        let mut first = Engine::new(&other, 7.5, EngineConfig::playouts(500), 1);
        first.run(u32::MAX);
        let mut next = other.clone();
        next.play(Color::Black, first.best_move()).unwrap();
        let fresh = Engine::continued(Some(first), &next, 6.5, EngineConfig::playouts(10), 2);
        assert_eq!(fresh.nodes[0].visits, 0);
        // The same moves on another board, or after handicap stones: afresh.
        let mut first = Engine::new(&other, 7.5, EngineConfig::playouts(500), 1);
        first.run(u32::MAX);
        let mv = first.best_move();
        for start in [Position::new(13, 0).unwrap(), Position::new(9, 2).unwrap()] {
            let mut first = Engine::new(&other, 7.5, EngineConfig::playouts(500), 1);
            first.run(u32::MAX);
            let mut next = start;
            if next.check(next.to_move(), mv).is_ok() {
                next.play(next.to_move(), mv).unwrap();
            }
            let fresh = Engine::continued(Some(first), &next, 7.5, EngineConfig::playouts(10), 2);
            assert_eq!(fresh.nodes[0].visits, 0);
        }
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
