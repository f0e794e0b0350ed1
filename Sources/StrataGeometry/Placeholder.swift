// Filled by the CATransform3D work.
