export { MembershipActions } from './components/MembershipActions';
export { MembershipPage } from './routes/MembershipPage';
export { OnboardingPage } from './routes/OnboardingPage';
