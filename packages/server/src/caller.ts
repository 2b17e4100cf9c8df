/** Who is calling: resolved from the API key on every authenticated request. */
export interface Caller {
  keyId: string;
  workspaceId: string;
  /** The member who created the key; a v1 key acts with that member's role. */
  memberId: string | null;
  scopes: readonly string[];
  /** The workspace's cursor-signing secret. */
  signingSecret: string;
  trackerConnected: boolean;
}
