// Placeholder so the target builds until its tests land; remove when adding the first test.
