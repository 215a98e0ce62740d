/** The contact form's proof of work, which the throughput benchmark solves as a browser would. */
export { ProofOfWork } from '../contact/proof-of-work';
