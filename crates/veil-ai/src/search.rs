//! The search itself: single-observer information-set MCTS, plus the two
//! baselines (random, greedy) behind the same incremental interface.

use rand::{RngExt, SeedableRng};
use veil_core::{Actor, Belief, Fact, Game, GameRng, Seat, SeatSet, StrongestBudget, Turn};
use web_time::{Duration, Instant};

use crate::config::{Method, SearchConfig};

/// How much a game result loses per action between the root and the end of
/// the game (see the back-up in `ismcts_iteration`).
const END_DISCOUNT: f64 = 0.002;

/// "No node": an edge whose child is not built yet, a chain not started.
const NONE: u32 = u32::MAX;

/// Keeps in `legal` only the actions the game's [`Game::action_prior`]
/// (with `strongest`, [`Game::action_prior_strongest`]) weights above 0
/// for `seat`, likeliest first (ties in the game's order).
/// Returns false, leaving `legal` as it was, when the game gives no usable
/// prior (the default) or weights every action 0.
fn rank_by_prior<G: Game>(
    state: &G,
    seat: Seat,
    strongest: bool,
    legal: &mut Vec<G::Action>,
    prior: &mut Vec<f64>,
    ranked: &mut Vec<(f64, G::Action)>,
    rng: &mut GameRng,
) -> bool {
    if strongest {
        state.action_prior_strongest(seat, legal, prior, rng);
    } else {
        state.action_prior(seat, legal, prior);
    }
    if prior.len() != legal.len() || !prior.iter().any(|w| *w > 0.0) {
        return false;
    }
    ranked.clear();
    ranked.extend(
        prior
            .iter()
            .zip(legal.iter())
            .filter(|(w, _)| **w > 0.0)
            .map(|(w, a)| (*w, *a)),
    );
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    legal.clear();
    legal.extend(ranked.iter().map(|(_, a)| *a));
    true
}

/// What the search learnt about one of the observer's actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats<A> {
    pub action: A,
    /// Iterations that went through this action.
    pub visits: u32,
    /// The observer's mean reward in [0, 1] after this action; 0 when unvisited.
    pub mean_reward: f64,
}

/// An action out of a node, with the statistics of the seat that takes it.
#[derive(Clone, Debug)]
struct Edge<A> {
    actor: Actor,
    action: A,
    /// The node reached; `NONE` until an iteration goes there.
    child: u32,
    visits: u32,
    /// How often this action was legal when its node was visited (the
    /// availability count of ISMCTS: it replaces the parent's visit count in
    /// UCB1, since across determinizations the set of legal actions changes).
    avail: u32,
    /// Sum of the rewards of the acting seat.
    reward: f64,
    /// Exp3's importance-weighted reward sum, for simultaneous turns.
    gain: f64,
}

#[derive(Clone, Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    /// The node whose edges hold this node's seat-action statistics: itself,
    /// except for a later seat of a simultaneous turn, which shares one set
    /// of statistics across every hidden choice of the seats before it.
    info: u32,
    /// On a statistics node of a simultaneous turn: the statistics node of
    /// the next seat of the same turn.
    sim_next: u32,
    /// Iterations that chose here (counted on statistics nodes only, and
    /// only used to widen games that give an action prior).
    visits: u32,
}

impl<A> Node<A> {
    fn new(info: u32) -> Self {
        Node {
            edges: Vec::new(),
            info,
            sim_next: NONE,
            visits: 0,
        }
    }
}

/// A step of the current iteration's path: where the statistics to update live.
#[derive(Clone, Copy, Debug)]
struct Step {
    node: u32,
    edge: u32,
    /// The probability with which Exp3 picked this edge; 0 when it was not
    /// an Exp3 pick (UCB1, expansion, chance).
    exp3: f64,
}

/// One decision of one seat, searched in slices.
///
/// ```
/// use veil_ai::{Level, Search};
/// use veil_core::{Actor, Game, Seat, testing::{HighLow, HighLowAction}};
///
/// let mut game = HighLow::new(&(), 2).unwrap();
/// game.apply(Actor::Chance, HighLowAction::Deal(9)).unwrap();
/// game.apply(Actor::Chance, HighLowAction::Deal(4)).unwrap();
///
/// let mut search = Search::<HighLow>::new(&game.observe(Seat(0)), Level::Easy.config(), 7);
/// while !search.is_finished() {
///     search.run(50); // a frame's worth
/// }
/// assert_eq!(search.best_action(), Some(HighLowAction::Stay));
/// ```
///
/// Simultaneous turns: the seats of a [`Turn::Simultaneous`] are resolved
/// one after the other (the observer first when it is one of them, then
/// seat order), but no seat may learn from the others' hidden choices of the
/// same turn. Three things see to it. The determinization is sampled from
/// the observer's view, so the observer's search never knows a choice the
/// others made before it. Inside the tree, every seat after the first keeps
/// a single set of statistics shared by all the choices the earlier seats of
/// that turn may have made (decoupled selection): it picks over its own
/// actions against the mixture of theirs, never a best reply to one of
/// them; only the tree's shape (which node follows) depends on the whole
/// joint choice, as the game reveals it afterwards. And the seats of a
/// simultaneous turn pick with Exp3 (randomised) rather than UCB1, since two
/// deterministic choosers blind to each other can fall into step and skew
/// each other's values (a test with matching pennies checks both points).
#[derive(Clone, Debug)]
pub struct Search<G: Game> {
    observation: G::Observation,
    observer: Seat,
    config: SearchConfig,
    rng: GameRng,
    /// The observer's legal actions (the same in every determinization).
    root_legal: Vec<G::Action>,
    /// The ones the search looks at: those the game's
    /// [`Game::action_prior`] weights above 0, or all of them.
    root_candidates: Vec<G::Action>,
    nodes: Vec<Node<G::Action>>,
    iterations: u32,
    /// Thinking time so far, counted only when `max_time` is set.
    elapsed: Duration,
    /// The pick of [`Method::Random`].
    picked: Option<G::Action>,
    // Buffers reused by every iteration.
    legal: Vec<G::Action>,
    matched: Vec<u32>,
    path: Vec<Step>,
    rewards: Vec<f64>,
    prior: Vec<f64>,
    ranked: Vec<(f64, G::Action)>,
    /// The game asks to keep the observer's secrets from the opponents it
    /// models ([`Game::hide_secrets_from_opponents`]).
    hide: bool,
    /// The opponents act by the playout policy inside the tree
    /// ([`Game::opponents_by_policy`], with [`SearchConfig::strongest`]).
    by_policy: bool,
    /// With several trees ([`SearchConfig::trees`]): the observer's root
    /// statistics of the trees already finished, summed.
    done: Vec<Edge<G::Action>>,
    /// Iterations per tree: the budget split among `config.trees`, capped
    /// by the game's [`Game::max_tree_iterations`].
    tree_budget: u32,
    /// The hidden facts of the first [`BELIEF_SAMPLES`] states imagined.
    belief: Belief,
    /// How many imagined states were looked at for the belief (also those
    /// with nothing hidden, so a game hiding nothing is asked only so often).
    looked: u32,
    facts: Vec<Fact>,
    /// What a draw costs the observer ([`Game::draw_contempt`]), with
    /// [`SearchConfig::strongest`] only.
    contempt: f64,
}

/// How many of its imagined states a search counts into its [`Belief`]:
/// enough for shares to within a few percent, few enough that counting
/// costs nothing beside the search (and that a move's belief stays small in
/// a saved game).
pub const BELIEF_SAMPLES: u32 = 256;

impl<G: Game> Search<G> {
    /// Prepares a search for the observer of `observation`. Cheap: one
    /// determinization to list the observer's legal actions.
    /// The game may lower `config.playout_depth`
    /// ([`Game::max_playout_depth`]) and split the budget into several
    /// trees ([`Game::max_tree_iterations`]); with
    /// [`SearchConfig::strongest`] it may set all three of the iterations,
    /// the tree size and the playout depth ([`Game::strongest_budget`]),
    /// which [`Search::config`] then shows.
    pub fn new(observation: &G::Observation, mut config: SearchConfig, seed: u64) -> Self {
        let observer = G::observer(observation);
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::determinize(observation, &mut rng);
        let mut root_legal = Vec::new();
        state.legal_actions(Actor::Seat(observer), &mut root_legal);
        let mut prior = Vec::new();
        let mut ranked = Vec::new();
        let mut root_candidates = root_legal.clone();
        rank_by_prior(
            &state,
            observer,
            config.strongest,
            &mut root_candidates,
            &mut prior,
            &mut ranked,
            &mut rng,
        );
        let by_policy = config.strongest && state.opponents_by_policy();
        // An opponent acting by its policy sees only its own cards already.
        let hide = state.hide_secrets_from_opponents() && !by_policy;
        let mut contempt = 0.0;
        if config.strongest {
            contempt = state.draw_contempt();
            if let Some(exploration) = state.strongest_exploration() {
                config.exploration = exploration;
            }
        }
        let budget = if config.strongest {
            state.strongest_budget()
        } else {
            StrongestBudget::LEVEL
        };
        if let Some(iterations) = budget.iterations {
            config.iterations = iterations;
        }
        match (budget.playout_depth, state.max_playout_depth()) {
            (Some(depth), _) => config.playout_depth = depth,
            (None, Some(cap)) => config.playout_depth = config.playout_depth.min(cap),
            (None, None) => {}
        }
        let mut tree_budget = (config.iterations / config.trees.max(1)).max(1);
        if let Some(cap) = budget.tree_iterations.or(state.max_tree_iterations()) {
            tree_budget = tree_budget.min(cap.max(1));
        }
        let mut root = Node::new(0);
        let mut picked = None;
        match config.method {
            Method::Random if !root_legal.is_empty() => {
                picked = Some(root_legal[rng.random_range(0..root_legal.len())]);
            }
            Method::Greedy => {
                root.edges = root_candidates
                    .iter()
                    .map(|&action| Edge {
                        actor: Actor::Seat(observer),
                        action,
                        child: NONE,
                        visits: 0,
                        avail: 0,
                        reward: 0.0,
                        gain: 0.0,
                    })
                    .collect();
            }
            _ => {}
        }
        Search {
            observation: observation.clone(),
            observer,
            config,
            rng,
            root_legal,
            root_candidates,
            nodes: vec![root],
            iterations: 0,
            elapsed: Duration::ZERO,
            picked,
            legal: Vec::new(),
            matched: Vec::new(),
            path: Vec::new(),
            rewards: vec![0.0; state.seats()],
            prior,
            ranked,
            hide,
            by_policy,
            done: Vec::new(),
            tree_budget,
            belief: Belief::default(),
            looked: 0,
            facts: Vec::new(),
            contempt,
        }
    }

    /// What the observer believed of what it cannot see: how often each
    /// hidden fact ([`Game::hidden_facts`]) held among the first
    /// [`BELIEF_SAMPLES`] states the search imagined. Empty for a game that
    /// lists no hidden facts, or before the search has run.
    pub fn belief(&self) -> &Belief {
        &self.belief
    }

    /// Counts an imagined state into the belief, while it has room.
    /// (Every state a seat could imagine hides as many facts as any other:
    /// a conformance law. So with none hidden the belief stays empty.)
    fn tally(&mut self, state: &G) {
        if self.looked < BELIEF_SAMPLES {
            self.looked += 1;
            state.hidden_facts(self.observer, &mut self.facts);
            if !self.facts.is_empty() {
                self.belief.add(&self.facts);
            }
        }
    }

    /// Iterations per tree, for the tests.
    #[cfg(test)]
    pub(crate) fn tree_budget(&self) -> u32 {
        self.tree_budget
    }

    /// The seat this search decides for.
    pub fn observer(&self) -> Seat {
        self.observer
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The observer's legal actions.
    pub fn legal_actions(&self) -> &[G::Action] {
        &self.root_legal
    }

    /// Iterations run so far (for greedy: determinizations swept).
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the tree, for diagnostics.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// True once thinking more cannot change the answer or the budget is
    /// spent: the iteration budget or `max_time` (total thinking time) is
    /// reached, or the observer has at most one legal action (unless
    /// [`SearchConfig::always_search`] asks for the full budget anyway).
    pub fn is_finished(&self) -> bool {
        let forced = self.root_candidates.len() == 1 && !self.config.always_search;
        if self.root_candidates.is_empty() || forced || self.config.method == Method::Random {
            return true;
        }
        self.iterations >= self.config.iterations
            || self.config.max_time.is_some_and(|max| self.elapsed >= max)
    }

    /// Runs up to `iterations` more iterations, fewer when the search
    /// finishes first; returns how many ran. Without `max_time` this never
    /// reads the clock, so the result depends only on the seed and the count.
    pub fn run(&mut self, iterations: u32) -> u32 {
        let timed = self.config.max_time.is_some();
        let mut last = timed.then(Instant::now);
        let mut ran = 0;
        while ran < iterations && !self.is_finished() {
            self.iterate();
            ran += 1;
            if let Some(start) = last.as_mut() {
                let now = Instant::now();
                self.elapsed += now - *start;
                *start = now;
            }
        }
        ran
    }

    /// Runs iterations for about `budget` of wall-clock time (a frame's
    /// slice), or until the search finishes; returns how many ran.
    pub fn run_for(&mut self, budget: Duration) -> u32 {
        let start = Instant::now();
        let mut last = start;
        let mut ran = 0;
        while !self.is_finished() {
            self.iterate();
            ran += 1;
            let now = Instant::now();
            self.elapsed += now - last;
            last = now;
            if now - start >= budget {
                break;
            }
        }
        ran
    }

    /// The action to play: the most visited (greedy: best scoring) of the
    /// observer's actions; before any iteration, the first legal action
    /// (the likeliest, when the game gives an action prior).
    /// `None` only when the observer has nothing to do.
    pub fn best_action(&self) -> Option<G::Action> {
        if let Some(action) = self.picked {
            return Some(action);
        }
        let first = *self.root_candidates.first()?;
        if self.root_candidates.len() == 1 {
            return Some(first);
        }
        let greedy = self.config.method == Method::Greedy;
        let mut best: Option<(&Edge<G::Action>, f64, f64)> = None;
        let edges = self.root_edges();
        for edge in &edges {
            if edge.visits == 0 {
                continue;
            }
            let mean = edge.reward / f64::from(edge.visits);
            let primary = if greedy { mean } else { f64::from(edge.visits) };
            // Ties on the primary key go to the better mean, then the earlier edge.
            let better = match best {
                None => true,
                Some((_, p, m)) => primary > p || (primary == p && mean > m),
            };
            if better {
                best = Some((edge, primary, mean));
            }
        }
        Some(best.map_or(first, |(edge, _, _)| edge.action))
    }

    /// Every legal action of the observer with what the search learnt of it,
    /// most visited first (greedy: best scoring first) — for a hint display.
    pub fn root_stats(&self) -> Vec<ActionStats<G::Action>> {
        let edges = self.root_edges();
        let mut stats: Vec<ActionStats<G::Action>> = self
            .root_legal
            .iter()
            .map(|&action| {
                let edge = edges.iter().find(|e| e.action == action);
                let visits = edge.map_or(0, |e| e.visits);
                let mean_reward = match edge {
                    Some(e) if e.visits > 0 => e.reward / f64::from(e.visits),
                    _ => 0.0,
                };
                ActionStats {
                    action,
                    visits,
                    mean_reward,
                }
            })
            .collect();
        if self.config.method == Method::Greedy {
            stats.sort_by(|a, b| b.mean_reward.total_cmp(&a.mean_reward));
        } else {
            stats.sort_by(|a, b| {
                b.visits
                    .cmp(&a.visits)
                    .then(b.mean_reward.total_cmp(&a.mean_reward))
            });
        }
        stats
    }

    /// The observer's root edges, summed over the finished trees and the
    /// current one.
    fn root_edges(&self) -> Vec<Edge<G::Action>> {
        let me = Actor::Seat(self.observer);
        let mut all = self.done.clone();
        for e in self.nodes[0].edges.iter().filter(|e| e.actor == me) {
            match all.iter_mut().find(|d| d.action == e.action) {
                Some(d) => {
                    d.visits += e.visits;
                    d.reward += e.reward;
                }
                None => all.push(e.clone()),
            }
        }
        all
    }

    fn iterate(&mut self) {
        match self.config.method {
            Method::Random => {}
            Method::Greedy => self.greedy_sweep(),
            Method::Ismcts => {
                if self.iterations > 0 && self.iterations.is_multiple_of(self.tree_budget) {
                    // This tree is done: keep its root statistics, start afresh.
                    self.done = self.root_edges();
                    self.nodes.clear();
                    self.nodes.push(Node::new(0));
                }
                self.ismcts_iteration()
            }
        }
        self.iterations += 1;
    }

    /// Which seat of a simultaneous turn acts first: the observer when it is
    /// among them (so the root is always its decision), else seat order.
    fn simultaneous_seat(&self, seats: SeatSet) -> Option<Seat> {
        if seats.contains(self.observer) {
            Some(self.observer)
        } else {
            seats.first()
        }
    }

    /// One ISMCTS iteration: determinize, select, expand, play out, back up.
    fn ismcts_iteration(&mut self) {
        let mut state = G::determinize(&self.observation, &mut self.rng);
        self.tally(&state);
        self.path.clear();
        let mut node = 0u32;
        let observer = self.observer;
        let mut resampled = false;
        loop {
            let turn = state.turn();
            let seat = match turn {
                Turn::Over => break,
                // The game's evaluation is due here (a hand's end): the
                // playout takes it at once.
                Turn::Chance if state.evaluate_now() => break,
                Turn::Chance => {
                    // Chance is sampled, never chosen: follow (or grow) its
                    // branch and keep descending.
                    let action = state.sample_chance(&mut self.rng);
                    state
                        .apply(Actor::Chance, action)
                        .expect("a sampled chance outcome applies");
                    let edge = self.edge_index(node, Actor::Chance, action);
                    self.path.push(Step {
                        node,
                        edge,
                        exp3: 0.0,
                    });
                    node = self.child(node, edge, turn, state.turn());
                    continue;
                }
                Turn::Seat(seat) => seat,
                Turn::Simultaneous(seats) => match self.simultaneous_seat(seats) {
                    Some(seat) => seat,
                    None => break,
                },
            };
            if self.by_policy
                && matches!(turn, Turn::Seat(_))
                && state.team(seat) != state.team(observer)
            {
                // The opponent acts on the cards it holds here; the tree
                // branches on what it did, as on a chance outcome.
                let Some(action) = self.policy_move(&mut state, seat) else {
                    break;
                };
                let edge = self.edge_index(node, Actor::Seat(seat), action);
                self.path.push(Step {
                    node,
                    edge,
                    exp3: 0.0,
                });
                node = self.child(node, edge, turn, state.turn());
                continue;
            }
            if self.hide
                && !resampled
                && matches!(turn, Turn::Seat(_))
                && state.team(seat) != state.team(observer)
            {
                // The first opponent to decide does so in a state sampled
                // from its own view: what it learns here holds for every
                // secret of the observer it cannot tell apart (see
                // `Game::hide_secrets_from_opponents`). The rest of the
                // iteration plays on in that state.
                state = G::determinize(&state.observe(seat), &mut self.rng);
                resampled = true;
            }
            let actor = Actor::Seat(seat);
            state.legal_actions(actor, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let info = self.nodes[node as usize].info;
            let ranked = rank_by_prior(
                &state,
                seat,
                self.config.strongest,
                &mut self.legal,
                &mut self.prior,
                &mut self.ranked,
                &mut self.rng,
            );
            if ranked {
                // Progressive widening: a node chosen from n times looks at
                // its 1 + ⌊√(2n)⌋ likeliest actions, so a rarely reached
                // node is not spread over a wide menu.
                let n = &mut self.nodes[info as usize].visits;
                let width = 1 + (2.0 * f64::from(*n)).sqrt() as usize;
                *n += 1;
                self.legal.truncate(width);
            }
            // Match the legal actions to the statistics edges; count availability.
            self.matched.clear();
            let mut untried = 0usize;
            {
                let edges = &mut self.nodes[info as usize].edges;
                for &action in &self.legal {
                    let found = edges
                        .iter()
                        .position(|e| e.actor == actor && e.action == action);
                    match found {
                        Some(i) => {
                            edges[i].avail += 1;
                            self.matched.push(i as u32);
                        }
                        None => {
                            self.matched.push(NONE);
                            untried += 1;
                        }
                    }
                }
            }
            if untried > 0 {
                // Expand one untried action, then play out from there: the
                // likeliest when the game ranks them, else any.
                let pick = if ranked {
                    0
                } else {
                    self.rng.random_range(0..untried)
                };
                let index = self
                    .matched
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| **m == NONE)
                    .nth(pick);
                let action = self.legal[index.expect("pick < untried").0];
                let edges = &mut self.nodes[info as usize].edges;
                edges.push(Edge {
                    actor,
                    action,
                    child: NONE,
                    visits: 0,
                    avail: 1,
                    reward: 0.0,
                    gain: 0.0,
                });
                let stats = (edges.len() - 1) as u32;
                state.apply(actor, action).expect("a legal action applies");
                self.path.push(Step {
                    node: info,
                    edge: stats,
                    exp3: 0.0,
                });
                let edge = if node == info {
                    stats
                } else {
                    self.edge_index(node, actor, action)
                };
                self.child(node, edge, turn, state.turn());
                break;
            }
            let (chosen, exp3) = if matches!(turn, Turn::Simultaneous(_)) {
                self.select_exp3(info)
            } else {
                (self.select_ucb1(info), 0.0)
            };
            let edges = &self.nodes[info as usize].edges;
            let action = edges[chosen as usize].action;
            state.apply(actor, action).expect("a legal action applies");
            self.path.push(Step {
                node: info,
                edge: chosen,
                exp3,
            });
            let edge = if node == info {
                chosen
            } else {
                self.edge_index(node, actor, action)
            };
            node = self.child(node, edge, turn, state.turn());
        }
        if let Some(plies) = self.playout(&mut state) {
            // A result reached sooner counts slightly more, so that a search
            // that has a won game wins it now instead of dithering among
            // moves that all win later (and a lost one holds out longest).
            let depth = self.path.len() as i32 + plies as i32;
            let keep = (1.0 - END_DISCOUNT).powi(depth);
            for reward in &mut self.rewards {
                *reward = 0.5 + (*reward - 0.5) * keep;
            }
        }
        for step in &self.path {
            let e = &mut self.nodes[step.node as usize].edges[step.edge as usize];
            e.visits += 1;
            if let Actor::Seat(seat) = e.actor {
                let reward = self.rewards[seat.index()];
                e.reward += reward;
                if step.exp3 > 0.0 {
                    e.gain += reward / step.exp3;
                }
            }
        }
    }

    /// UCB1 with availability counts over the matched (legal, tried) edges
    /// of the statistics node `info`.
    fn select_ucb1(&self, info: u32) -> u32 {
        let c = self.config.exploration;
        let edges = &self.nodes[info as usize].edges;
        let mut best = (f64::NEG_INFINITY, 0u32);
        for &i in &self.matched {
            let e = &edges[i as usize];
            let visits = f64::from(e.visits.max(1));
            let score = e.reward / visits + c * (f64::from(e.avail).ln() / visits).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// Exp3 over the matched edges, for a seat of a simultaneous turn:
    /// returns the edge and the probability it had. UCB1 is deterministic,
    /// and two deterministic choosers that cannot see each other can fall
    /// into step (each always meeting the same reply of the other), which
    /// skews the values; Exp3 picks at random from weights that favour the
    /// better actions, and mixes where the game calls for mixing.
    fn select_exp3(&mut self, info: u32) -> (u32, f64) {
        const GAMMA: f64 = 0.1;
        let edges = &self.nodes[info as usize].edges;
        let k = self.matched.len() as f64;
        let eta = GAMMA / k;
        let top = self
            .matched
            .iter()
            .map(|&i| edges[i as usize].gain)
            .fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = self
            .matched
            .iter()
            .map(|&i| (eta * (edges[i as usize].gain - top)).exp())
            .sum();
        let mut x: f64 = self.rng.random();
        let mut last = (self.matched[0], 0.0);
        for &i in &self.matched {
            let p =
                (1.0 - GAMMA) * (eta * (edges[i as usize].gain - top)).exp() / total + GAMMA / k;
            last = (i, p);
            if x < p {
                return last;
            }
            x -= p;
        }
        last
    }

    /// The edge of `node` for `actor` playing `action`, added if missing.
    fn edge_index(&mut self, node: u32, actor: Actor, action: G::Action) -> u32 {
        let edges = &mut self.nodes[node as usize].edges;
        match edges
            .iter()
            .position(|e| e.actor == actor && e.action == action)
        {
            Some(i) => i as u32,
            None => {
                edges.push(Edge {
                    actor,
                    action,
                    child: NONE,
                    visits: 0,
                    avail: 0,
                    reward: 0.0,
                    gain: 0.0,
                });
                (edges.len() - 1) as u32
            }
        }
    }

    /// The node an edge leads to, built on first use. `before` is the turn
    /// at `node`, `after` the turn reached.
    fn child(&mut self, node: u32, edge: u32, before: Turn, after: Turn) -> u32 {
        let existing = self.nodes[node as usize].edges[edge as usize].child;
        if existing != NONE {
            return existing;
        }
        let id = self.nodes.len() as u32;
        let mut info = id;
        let edge_actor = self.nodes[node as usize].edges[edge as usize].actor;
        if let (Turn::Simultaneous(was), Turn::Simultaneous(now), Actor::Seat(seat)) =
            (before, after, edge_actor)
        {
            // Still the same simultaneous turn (only seats that had not
            // chosen remain): share the next seat's statistics across every
            // choice of the seats before it.
            let rest = was.without(seat);
            if !now.is_empty() && now.0 & !rest.0 == 0 {
                let parent_info = self.nodes[node as usize].info as usize;
                match self.nodes[parent_info].sim_next {
                    NONE => self.nodes[parent_info].sim_next = id,
                    shared => info = shared,
                }
            }
        }
        self.nodes.push(Node::new(info));
        self.nodes[node as usize].edges[edge as usize].child = id;
        id
    }

    /// Plays `state` on with the game's playout policy and leaves each
    /// seat's reward in `self.rewards`: the outcome's, or the game's
    /// estimate once `playout_depth` seat actions were played.
    /// Plays on to the end or to the evaluation cut; fills `self.rewards`.
    /// Returns the number of seat actions played when the game ended.
    fn playout(&mut self, state: &mut G) -> Option<u32> {
        let mut plies = 0u32;
        loop {
            if state.evaluate_now() && self.estimate(state) {
                return None;
            }
            let seat = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let action = state.sample_chance(&mut self.rng);
                    state
                        .apply(Actor::Chance, action)
                        .expect("a sampled chance outcome applies");
                    continue;
                }
                Turn::Seat(seat) => seat,
                Turn::Simultaneous(seats) => match seats.first() {
                    Some(seat) => seat,
                    None => break,
                },
            };
            if plies >= self.config.playout_depth && self.estimate(state) {
                return None;
            }
            if self.policy_move(state, seat).is_none() {
                break;
            }
            plies += 1;
        }
        match state.outcome() {
            Some(outcome) => {
                for (i, reward) in self.rewards.iter_mut().enumerate() {
                    *reward = outcome.reward(Seat(i as u8));
                }
                if self.contempt != 0.0 && outcome.is_draw() {
                    // The observer's side values a draw below an even
                    // share, the opponents it models as much above.
                    let mine = state.team(self.observer);
                    for (i, reward) in self.rewards.iter_mut().enumerate() {
                        let ours = state.team(Seat(i as u8)) == mine;
                        *reward += if ours { -self.contempt } else { self.contempt };
                    }
                }
                Some(plies)
            }
            // A turn no one can act on: call it even rather than guess.
            None => {
                self.rewards.fill(0.5);
                None
            }
        }
    }

    /// Plays `seat`'s move by the game's playout policy; `None` (nothing
    /// played) when it has no legal action.
    fn policy_move(&mut self, state: &mut G, seat: Seat) -> Option<G::Action> {
        let actor = Actor::Seat(seat);
        state.legal_actions(actor, &mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        let action = state.playout_action(seat, &self.legal, &mut self.rng);
        state
            .apply(actor, action)
            .expect("the playout policy picks a legal action");
        Some(action)
    }

    /// Fills `self.rewards` from the game's evaluation; false if it has none.
    fn estimate(&mut self, state: &G) -> bool {
        for (i, reward) in self.rewards.iter_mut().enumerate() {
            match state.evaluate(Seat(i as u8)) {
                Some(value) => *reward = value.clamp(0.0, 1.0),
                None => return false,
            }
        }
        true
    }

    /// Greedy: one determinization; every legal action is applied to it,
    /// chance after it sampled, and the result scored for the observer by
    /// the game's evaluation after `playout_depth` seat actions, or by a
    /// playout to the end when it has none.
    fn greedy_sweep(&mut self) {
        let base = G::determinize(&self.observation, &mut self.rng);
        self.tally(&base);
        let me = self.observer;
        for i in 0..self.nodes[0].edges.len() {
            let action = self.nodes[0].edges[i].action;
            let mut state = base.clone();
            state
                .apply(Actor::Seat(me), action)
                .expect("a legal action applies");
            // Chance is played out too; the evaluation comes after
            // `playout_depth` more seat actions (0: right away).
            self.playout(&mut state);
            let score = self.rewards[me.index()];
            let edge = &mut self.nodes[0].edges[i];
            edge.visits += 1;
            edge.reward += score;
        }
    }
}
