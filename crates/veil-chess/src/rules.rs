//! Rule settings a variant can change: castling, en passant, the pawn's double
//! step, promotion lines and whether each side must have a King.

use serde::{Deserialize, Serialize};

use crate::types::{Role, RoleSet};

/// What a pawn may become on arriving at one rank.
///
/// Read from outside data, a line offering a Pawn or a King is refused, and
/// so is a mandatory line offering nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PromotionLineUnchecked")]
pub struct PromotionLine {
    /// Roles offered; empty means this rank promotes nothing.
    pub roles: RoleSet,
    /// Whether the pawn must promote (it may not stay a pawn on this rank).
    pub mandatory: bool,
}

/// [`PromotionLine`] as read, before it is checked.
#[derive(Deserialize)]
struct PromotionLineUnchecked {
    roles: RoleSet,
    mandatory: bool,
}

impl TryFrom<PromotionLineUnchecked> for PromotionLine {
    type Error = &'static str;
    fn try_from(raw: PromotionLineUnchecked) -> Result<PromotionLine, &'static str> {
        let allowed = RoleSet::from_roles(&[Role::Knight, Role::Bishop, Role::Rook, Role::Queen]);
        if raw.roles.iter().any(|r| !allowed.contains(r))
            || raw.roles.len() != raw.roles.iter().count() as u32
        {
            return Err("a pawn promotes to a Knight, Bishop, Rook or Queen");
        }
        // A pawn could step onto such a rank, where no pawn may stand: the
        // position it made would not read back.
        if raw.mandatory && raw.roles.is_empty() {
            return Err("a rank where a pawn must promote offers a piece to promote to");
        }
        Ok(PromotionLine {
            roles: raw.roles,
            mandatory: raw.mandatory,
        })
    }
}

/// Promotion lines, indexed by distance from the far rank (0 = last rank).
///
/// Standard chess has one mandatory line, the last rank, offering N/B/R/Q.
/// Secret King has four: Knight, Bishop, Rook and Queen on the 4th, 3rd, 2nd
/// and last rank from the far side, optional except the last. A pawn promotes
/// only as part of the move that arrives on a line, so one that declines can
/// promote again only on reaching a later line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Promotion {
    lines: [PromotionLine; 10],
}

impl Promotion {
    /// No promotion at all.
    pub const fn none() -> Promotion {
        Promotion {
            lines: [PromotionLine {
                roles: RoleSet::EMPTY,
                mandatory: false,
            }; 10],
        }
    }
    /// Last rank, mandatory, to Knight, Bishop, Rook or Queen.
    pub const fn standard() -> Promotion {
        Promotion::none().with_line(
            0,
            PromotionLine {
                roles: RoleSet::from_roles(&[Role::Knight, Role::Bishop, Role::Rook, Role::Queen]),
                mandatory: true,
            },
        )
    }
    /// Secret King's lines: Knight, Bishop, Rook, Queen on the last four ranks,
    /// optional until the last.
    pub const fn secret_king() -> Promotion {
        Promotion::none()
            .with_line(
                3,
                PromotionLine {
                    roles: RoleSet::from_roles(&[Role::Knight]),
                    mandatory: false,
                },
            )
            .with_line(
                2,
                PromotionLine {
                    roles: RoleSet::from_roles(&[Role::Bishop]),
                    mandatory: false,
                },
            )
            .with_line(
                1,
                PromotionLine {
                    roles: RoleSet::from_roles(&[Role::Rook]),
                    mandatory: false,
                },
            )
            .with_line(
                0,
                PromotionLine {
                    roles: RoleSet::from_roles(&[Role::Queen]),
                    mandatory: true,
                },
            )
    }
    /// Sets the line `distance` ranks before the far rank (`0` = the far rank).
    ///
    /// # Panics
    /// If `distance >= 10`.
    pub const fn with_line(mut self, distance: usize, line: PromotionLine) -> Promotion {
        self.lines[distance] = line;
        self
    }
    /// The line `distance` ranks before the far rank (empty if out of range).
    pub const fn line(&self, distance: usize) -> PromotionLine {
        if distance < 10 {
            self.lines[distance]
        } else {
            PromotionLine {
                roles: RoleSet::EMPTY,
                mandatory: false,
            }
        }
    }
}

/// The rules a [`Position`](crate::Position) plays by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Whether castling exists. Which Rooks may castle is the position's
    /// castling rights (a set of Rook squares), which variants set freely.
    pub castling: bool,
    /// Files (bit `f` for file `f`, a = bit 0) on which the King must stand,
    /// on its back rank, to castle: `1 << 4` (e only) in standard chess,
    /// d and e in Intrigue.
    pub castling_files: u16,
    pub en_passant: bool,
    /// Relative rank (0 = own back rank) from which a pawn may advance two
    /// squares; `None` for no double step.
    pub double_step: Option<u8>,
    pub promotion: Promotion,
    /// Whether each side must have exactly one King. When false a side may have
    /// none (a hidden King): it can then never be in check. Never more than one.
    pub require_kings: bool,
}

impl Rules {
    /// Standard chess.
    pub const fn standard() -> Rules {
        Rules {
            castling: true,
            castling_files: 1 << 4,
            en_passant: true,
            double_step: Some(1),
            promotion: Promotion::standard(),
            require_kings: true,
        }
    }
    /// The board rules of Intrigue (8×8): standard chess, but a King may be
    /// off the board (hidden) and one that appears on its d or e home square
    /// may castle with an unmoved Rook.
    pub const fn intrigue() -> Rules {
        Rules {
            castling_files: 1 << 3 | 1 << 4,
            require_kings: false,
            ..Rules::standard()
        }
    }
    /// The board rules of Secret King (10×10): no castling, double step from
    /// the 3rd rank, promotion lines, Kings possibly absent while hidden.
    pub const fn secret_king() -> Rules {
        Rules {
            castling: false,
            castling_files: 0,
            en_passant: true,
            double_step: Some(2),
            promotion: Promotion::secret_king(),
            require_kings: false,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}
