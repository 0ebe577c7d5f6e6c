export { ForgotPasswordPage } from './routes/ForgotPasswordPage';
export { LoginPage } from './routes/LoginPage';
export { RegisterPage } from './routes/RegisterPage';
export { ResendVerificationPage } from './routes/ResendVerificationPage';
export { ResetPasswordPage } from './routes/ResetPasswordPage';
export { VerifyEmailPage } from './routes/VerifyEmailPage';
