"""Front ends that sit on top of rulesdsl's public surface and own no rule logic."""
