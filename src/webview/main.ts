// The response panel's script (browser bundle). It renders data posted by the host as text only.
export {};
