import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CreditsModule } from '../credits/credits.module';
import { SessionAuthentication } from '../identity/session-authentication';
import { CookieSessionAuthentication } from './console-session-authentication';
import { InviteLinks } from './invite-links';
import { PasswordHasher } from './password-hasher';
import { SessionStarter } from './session-starter';
import { SignInThrottle } from './sign-in-throttle';
import { UserSessionsRepository } from './user-sessions.repository';
import { UsersRepository } from './users.repository';
import { AcceptInviteUseCase } from './use-cases/accept-invite.use-case';
import { AuthenticateSessionUseCase } from './use-cases/authenticate-session.use-case';
import { ChangePasswordUseCase } from './use-cases/change-password.use-case';
import { EndSessionUseCase } from './use-cases/end-session.use-case';
import { EnsureDemoOwnerUseCase } from './use-cases/ensure-demo-owner.use-case';
import { GetMeUseCase } from './use-cases/get-me.use-case';
import { InviteUserUseCase } from './use-cases/invite-user.use-case';
import { ListSessionsUseCase } from './use-cases/list-sessions.use-case';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case';
import { SignInUseCase } from './use-cases/sign-in.use-case';
import { SignOutEverywhereUseCase } from './use-cases/sign-out-everywhere.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';
import { UpdateMeUseCase } from './use-cases/update-me.use-case';
import { ViewInviteUseCase } from './use-cases/view-invite.use-case';
import { TeamRepository } from './team/team.repository';
import { ChangeTeamRoleUseCase } from './team/use-cases/change-team-role.use-case';
import { InviteTeamMemberUseCase } from './team/use-cases/invite-team-member.use-case';
import { ListTeamUseCase } from './team/use-cases/list-team.use-case';
import { RemoveTeamMemberUseCase } from './team/use-cases/remove-team-member.use-case';

const USE_CASES = [
  AcceptInviteUseCase,
  AuthenticateSessionUseCase,
  ChangePasswordUseCase,
  EndSessionUseCase,
  EnsureDemoOwnerUseCase,
  GetMeUseCase,
  InviteUserUseCase,
  ListSessionsUseCase,
  ResetPasswordUseCase,
  SignInUseCase,
  SignOutEverywhereUseCase,
  SignOutUseCase,
  UpdateMeUseCase,
  ViewInviteUseCase,
  ListTeamUseCase,
  InviteTeamMemberUseCase,
  ChangeTeamRoleUseCase,
  RemoveTeamMemberUseCase,
];

/** People of the console: users, their sessions and their one-time links. */
@Module({
  imports: [AccountsModule, CreditsModule],
  providers: [
    UsersRepository,
    UserSessionsRepository,
    TeamRepository,
    PasswordHasher,
    SignInThrottle,
    SessionStarter,
    InviteLinks,
    { provide: SessionAuthentication, useClass: CookieSessionAuthentication },
    ...USE_CASES,
  ],
  exports: [UsersRepository, UserSessionsRepository, SessionAuthentication, ...USE_CASES],
})
export class UsersModule {}
