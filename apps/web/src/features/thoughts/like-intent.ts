import type { LikeState } from '@sahifa/contracts/community';

/** What the button shows: the member's latest wish, counted against the last state the server confirmed. */
export function displayedLike(confirmed: LikeState, desired: boolean): LikeState {
  const delta = desired === confirmed.userLiked ? 0 : desired ? 1 : -1;
  return { userLiked: desired, likeCount: Math.max(0, confirmed.likeCount + delta) };
}

export interface LikeView extends LikeState {
  /** A request is on its way. */
  pending: boolean;
  /** The last request failed; the view went back to the confirmed state. */
  error: unknown;
}

/**
 * Serializes like/unlike taps: the button flips at once (optimistic), at most one request is in
 * flight, and when it answers only the latest wish is sent (if it still differs from the server's
 * state). Rapid taps therefore settle on the last state, and the count is never counted twice.
 */
export class LikeIntent {
  private confirmed: LikeState;
  private desired: boolean;
  private busy = false;
  private error: unknown = null;

  constructor(
    initial: LikeState,
    private readonly send: (liked: boolean) => Promise<LikeState>,
    private readonly onChange: (view: LikeView) => void,
    /** Called when the server has the member's last wish and nothing more is to be sent. */
    private readonly onSettled: (state: LikeState) => void = () => {},
  ) {
    this.confirmed = initial;
    this.desired = initial.userLiked;
  }

  view(): LikeView {
    return { ...displayedLike(this.confirmed, this.desired), pending: this.busy, error: this.error };
  }

  isBusy(): boolean {
    return this.busy;
  }

  /** Fresh data from the server (a refetch) replaces the state, unless taps are still being sent. */
  sync(state: LikeState): void {
    if (this.busy || this.desired !== this.confirmed.userLiked) return;
    if (state.userLiked === this.confirmed.userLiked && state.likeCount === this.confirmed.likeCount) return;
    this.confirmed = state;
    this.desired = state.userLiked;
    this.onChange(this.view());
  }

  toggle(): void {
    this.set(!this.desired);
  }

  set(liked: boolean): void {
    this.desired = liked;
    this.error = null;
    this.onChange(this.view());
    if (!this.busy) void this.pump();
  }

  private async pump(): Promise<void> {
    this.busy = true;
    this.onChange(this.view());
    try {
      while (this.desired !== this.confirmed.userLiked) {
        const wanted = this.desired;
        this.confirmed = await this.send(wanted);
        // The server answers the state after the change; if it disagrees, stop rather than loop.
        if (this.confirmed.userLiked !== wanted) {
          if (this.desired === wanted) this.desired = this.confirmed.userLiked;
          break;
        }
      }
    } catch (error) {
      this.error = error;
      this.desired = this.confirmed.userLiked;
    } finally {
      this.busy = false;
      this.onChange(this.view());
    }
    if (!this.error) this.onSettled(this.confirmed);
  }
}
