//! The parsed form of a file before PROTO expansion: nodes with their written fields, typed where
//! the node type is known. USE has already been replaced by a copy of the DEF'd node.

use super::error::SourcePos;
use super::schema::NodeSchema;
use super::template::TemplateBody;
use super::value::{FieldType, FieldValue};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub(crate) enum NodeKind {
    /// A modelled base node.
    Base(&'static NodeSchema),
    /// A Webots base node this crate does not model, kept with untyped fields.
    Generic,
    /// An instance of a PROTO.
    Proto(Arc<ProtoDef>),
    /// An instance of a declared PROTO whose file could not be found.
    Missing,
}

#[derive(Clone, Debug)]
pub(crate) struct ANode {
    pub type_name: String,
    pub kind: NodeKind,
    pub def_name: Option<String>,
    pub fields: Vec<AField>,
    pub pos: SourcePos,
    /// Levels of nodes in this subtree (1 for a leaf).
    pub height: u32,
    /// Number of nodes in this subtree.
    pub size: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct AField {
    pub name: String,
    pub value: AFieldVal,
    pub pos: Option<SourcePos>,
}

#[derive(Clone, Debug)]
pub(crate) enum AFieldVal {
    Value(AValue),
    /// `field IS protoField` inside a PROTO body.
    Is(String),
}

#[derive(Clone, Debug)]
pub(crate) enum AValue {
    /// Any non-node value.
    Plain(FieldValue),
    SFNode(Option<Box<ANode>>),
    MFNode(Vec<ANode>),
}

impl AValue {
    pub fn nodes(&self) -> Vec<&ANode> {
        match self {
            AValue::Plain(_) => Vec::new(),
            AValue::SFNode(n) => n.iter().map(|b| b.as_ref()).collect(),
            AValue::MFNode(v) => v.iter().collect(),
        }
    }

    pub fn field_type(&self) -> FieldType {
        match self {
            AValue::Plain(v) => v.field_type(),
            AValue::SFNode(_) => FieldType::SFNode,
            AValue::MFNode(_) => FieldType::MFNode,
        }
    }
}

/// One PROTO interface declaration.
#[derive(Clone, Debug)]
pub(crate) struct Decl {
    pub name: String,
    pub ty: FieldType,
    pub default: AValue,
}

/// A PROTO definition (from a .proto file or inline in a world).
#[derive(Debug)]
pub(crate) struct ProtoDef {
    pub name: String,
    /// The file that defines it (for messages).
    pub file: Arc<str>,
    pub interface: Vec<Decl>,
    /// The body node; `None` for template PROTOs.
    pub body: Option<ANode>,
    /// The body of a template PROTO, generated for each instance.
    pub template: Option<Arc<TemplateBody>>,
}
