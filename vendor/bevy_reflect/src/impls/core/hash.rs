use bevy_reflect_derive::impl_type_path;

impl_type_path!(::core::hash::BuildHasherDefault<H>);
