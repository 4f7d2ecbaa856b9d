import { solveChallenge } from 'altcha-lib/v1';

interface Task {
  challenge: string;
  salt: string;
  max: number;
}

/** The worker's global scope, typed locally (the app's TypeScript lib is the DOM's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Task>) => void) | null;
  postMessage: (message: unknown) => void;
};

/** Solves one proof-of-work challenge off the main thread (see solve-challenge.ts). */
scope.onmessage = (event) => {
  const { challenge, salt, max } = event.data;
  solveChallenge(challenge, salt, 'SHA-256', max)
    .promise.then((solution) => scope.postMessage(solution))
    .catch(() => scope.postMessage(null));
};
