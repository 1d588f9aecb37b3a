//! Field values: typed by their field type (SF/MF, numbers, strings, nodes) or read untyped for
//! built-in nodes this crate does not model.

use super::{Parser, KEYWORDS};
use crate::world::scene::ast::{ANode, AValue};
use crate::world::scene::error::WorldError;
use crate::world::scene::lexer::{number_f64, number_i32, Tok, Token};
use crate::world::scene::value::{FieldType, FieldValue};

/// One value of a single-valued type while reading.
enum One {
    B(bool),
    I(i32),
    N(Vec<f64>),
    S(String),
    Node(Option<ANode>),
}

impl<'a, 'o> Parser<'a, 'o> {
    fn expected(ty: FieldType) -> &'static str {
        match ty.single() {
            FieldType::SFBool => "TRUE or FALSE",
            FieldType::SFInt32 => "an integer",
            FieldType::SFFloat => "a number",
            FieldType::SFVec2f => "2 numbers",
            FieldType::SFVec3f | FieldType::SFColor => "3 numbers",
            FieldType::SFRotation => "4 numbers",
            FieldType::SFString => "a string",
            _ => "a node or NULL",
        }
    }

    fn wrong<T>(&self, t: &Token, ty: FieldType, fname: &str, owner: &str) -> Result<T, WorldError> {
        self.err(
            t,
            format!(
                "expected {} ({}) for field '{}' of {}, found {}",
                Self::expected(ty),
                ty.name(),
                fname,
                owner,
                t.describe()
            ),
        )
    }

    pub(super) fn numbers(
        &mut self,
        n: usize,
        ty: FieldType,
        fname: &str,
        owner: &str,
    ) -> Result<Vec<f64>, WorldError> {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let t = self.next();
            match &t.tok {
                Tok::Num(s) => match number_f64(s) {
                    Some(v) => out.push(v),
                    None => return self.wrong(&t, ty, fname, owner),
                },
                _ => return self.wrong(&t, ty, fname, owner),
            }
        }
        Ok(out)
    }

    /// One value of a single-valued type; `ty` is the declared (SF or MF) type, for messages.
    fn parse_one(&mut self, ty: FieldType, fname: &str, owner: &str) -> Result<One, WorldError> {
        let sty = ty.single();
        match sty {
            FieldType::SFBool => {
                let t = self.next();
                match &t.tok {
                    Tok::Ident(w) if w == "TRUE" => Ok(One::B(true)),
                    Tok::Ident(w) if w == "FALSE" => Ok(One::B(false)),
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFInt32 => {
                let t = self.next();
                match &t.tok {
                    Tok::Num(s) => match number_i32(s) {
                        Some(i) => Ok(One::I(i)),
                        None => self.wrong(&t, ty, fname, owner),
                    },
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFString => {
                let t = self.next();
                match &t.tok {
                    Tok::Str(s) => Ok(One::S(s.clone())),
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFNode => {
                if self.is_ident("NULL") {
                    self.next();
                    return Ok(One::Node(None));
                }
                match &self.peek().tok {
                    Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                        let ctx = format!("field '{}' of {}", fname, owner);
                        Ok(One::Node(self.parse_node(&ctx)?))
                    }
                    _ => {
                        let t = self.next();
                        self.wrong(&t, ty, fname, owner)
                    }
                }
            }
            _ => Ok(One::N(self.numbers(sty.number_count(), ty, fname, owner)?)),
        }
    }

    /// A value of a known type; MF values are `[ … ]` or a single value.
    pub(super) fn parse_typed(&mut self, ty: FieldType, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        if !ty.is_multiple() {
            let one = self.parse_one(ty, fname, owner)?;
            return Ok(sf_value(ty, one));
        }
        let mut items = Vec::new();
        if self.peek().tok == Tok::LBracket {
            let open = self.next();
            self.enter(&open)?;
            loop {
                if self.peek().tok == Tok::RBracket {
                    self.next();
                    break;
                }
                if self.peek().tok == Tok::Eof {
                    let t = self.peek().clone();
                    return self.err(&t, format!("missing ']' for field '{}' of {}", fname, owner));
                }
                items.push(self.parse_one(ty, fname, owner)?);
            }
            self.leave();
        } else {
            items.push(self.parse_one(ty, fname, owner)?);
        }
        Ok(mf_value(ty, items))
    }

    /// A value of an unmodelled field: its shape decides its type.
    pub(super) fn parse_untyped(&mut self, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::LBracket => {
                self.next();
                self.enter(&t)?;
                let v = self.parse_untyped_list(fname, owner)?;
                self.leave();
                Ok(v)
            }
            Tok::Num(_) => {
                let mut nums = Vec::new();
                while let Tok::Num(s) = &self.peek().tok {
                    nums.push(number_f64(s).unwrap_or(0.0));
                    self.next();
                }
                Ok(AValue::Plain(match nums.len() {
                    1 => FieldValue::SFFloat(nums[0]),
                    2 => FieldValue::SFVec2f([nums[0], nums[1]]),
                    3 => FieldValue::SFVec3f([nums[0], nums[1], nums[2]]),
                    4 => FieldValue::SFRotation([nums[0], nums[1], nums[2], nums[3]]),
                    _ => FieldValue::MFFloat(nums),
                }))
            }
            Tok::Str(s) => {
                let s = s.clone();
                self.next();
                Ok(AValue::Plain(FieldValue::SFString(s)))
            }
            Tok::Ident(w) if w == "TRUE" || w == "FALSE" => {
                let b = w == "TRUE";
                self.next();
                Ok(AValue::Plain(FieldValue::SFBool(b)))
            }
            Tok::Ident(w) if w == "NULL" => {
                self.next();
                Ok(AValue::SFNode(None))
            }
            Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                let ctx = format!("field '{}' of {}", fname, owner);
                Ok(AValue::SFNode(self.parse_node(&ctx)?.map(Box::new)))
            }
            _ => self.err(&t, format!("expected a value for field '{}' of {}, found {}", fname, owner, t.describe())),
        }
    }

    fn parse_untyped_list(&mut self, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        let mut nums = Vec::new();
        let mut strs = Vec::new();
        let mut bools = Vec::new();
        let mut nodes = Vec::new();
        let mut kind: Option<u8> = None;
        loop {
            let t = self.peek().clone();
            let k = match &t.tok {
                Tok::RBracket => {
                    self.next();
                    break;
                }
                Tok::Num(s) => {
                    nums.push(number_f64(s).unwrap_or(0.0));
                    self.next();
                    0
                }
                Tok::Str(s) => {
                    strs.push(s.clone());
                    self.next();
                    1
                }
                Tok::Ident(w) if w == "TRUE" || w == "FALSE" => {
                    bools.push(w == "TRUE");
                    self.next();
                    2
                }
                Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                    let ctx = format!("field '{}' of {}", fname, owner);
                    if let Some(n) = self.parse_node(&ctx)? {
                        nodes.push(n);
                    }
                    3
                }
                _ => {
                    return self.err(
                        &t,
                        format!("expected a value or ']' for field '{}' of {}, found {}", fname, owner, t.describe()),
                    )
                }
            };
            if kind.is_some_and(|old| old != k) {
                return self.err(&t, format!("values of different types in field '{}' of {}", fname, owner));
            }
            kind = Some(k);
        }
        Ok(match kind {
            Some(0) => AValue::Plain(FieldValue::MFFloat(nums)),
            Some(1) => AValue::Plain(FieldValue::MFString(strs)),
            Some(2) => AValue::Plain(FieldValue::MFBool(bools)),
            _ => AValue::MFNode(nodes),
        })
    }
}

fn sf_value(ty: FieldType, one: One) -> AValue {
    let v = match one {
        One::B(b) => FieldValue::SFBool(b),
        One::I(i) => FieldValue::SFInt32(i),
        One::S(s) => FieldValue::SFString(s),
        One::Node(n) => return AValue::SFNode(n.map(Box::new)),
        One::N(n) => {
            let g = |k: usize| n.get(k).copied().unwrap_or(0.0);
            match ty {
                FieldType::SFVec2f => FieldValue::SFVec2f([g(0), g(1)]),
                FieldType::SFVec3f => FieldValue::SFVec3f([g(0), g(1), g(2)]),
                FieldType::SFColor => FieldValue::SFColor([g(0), g(1), g(2)]),
                FieldType::SFRotation => FieldValue::SFRotation([g(0), g(1), g(2), g(3)]),
                _ => FieldValue::SFFloat(g(0)),
            }
        }
    };
    AValue::Plain(v)
}

fn mf_value(ty: FieldType, items: Vec<One>) -> AValue {
    if ty == FieldType::MFNode {
        return AValue::MFNode(
            items
                .into_iter()
                .filter_map(|o| match o {
                    One::Node(n) => n,
                    _ => None,
                })
                .collect(),
        );
    }
    let mut out = ty.neutral();
    for one in items {
        let AValue::Plain(v) = sf_value(ty.single(), one) else {
            continue;
        };
        match (&mut out, v) {
            (FieldValue::MFBool(l), FieldValue::SFBool(x)) => l.push(x),
            (FieldValue::MFInt32(l), FieldValue::SFInt32(x)) => l.push(x),
            (FieldValue::MFFloat(l), FieldValue::SFFloat(x)) => l.push(x),
            (FieldValue::MFVec2f(l), FieldValue::SFVec2f(x)) => l.push(x),
            (FieldValue::MFVec3f(l), FieldValue::SFVec3f(x)) => l.push(x),
            (FieldValue::MFRotation(l), FieldValue::SFRotation(x)) => l.push(x),
            (FieldValue::MFColor(l), FieldValue::SFColor(x)) => l.push(x),
            (FieldValue::MFString(l), FieldValue::SFString(x)) => l.push(x),
            _ => {}
        }
    }
    AValue::Plain(out)
}
