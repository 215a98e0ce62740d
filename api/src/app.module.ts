import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import { AudiencesModule } from './audiences/audiences.module';
import { CatalogModule, catalogResponses } from './audiences/catalog-changes';
import { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { ResolverErrorsFilter } from './common/errors/resolver-errors.filter';
import { createValidationPipe } from './common/errors/validation';
import { ComplexityPlugin } from './common/graphql/complexity.plugin';
import { graphqlOptions } from './common/graphql/graphql-options';
import { RequestOutcomePlugin } from './common/graphql/request-outcome.plugin';
import { ConsentModule } from './consent/consent.module';
import { ContactModule } from './contact/contact.module';
import { ContentModule } from './content/content.module';
import { LeadsModule } from './leads/leads.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { MyDataModule } from './my-data/my-data.module';
import { PrismaModule } from './prisma/prisma.module';
import { PrivacyModule } from './privacy/privacy.module';
import { SideEffectsModule } from './side-effects/side-effects.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // Whole answers of the catalog's queries, shared by GraphQL's response cache and the catalog's change listener.
    const responses = catalogResponses();
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        PrismaModule,
        MetricsModule,
        SideEffectsModule,
        CatalogModule.forRoot(responses),
        GraphQLModule.forRoot<ApolloDriverConfig>({ driver: ApolloDriver, ...graphqlOptions(config, responses) }),
        HealthModule,
        AudiencesModule,
        ContentModule,
        ContactModule,
        ConsentModule,
        LeadsModule,
        MyDataModule,
        PrivacyModule,
      ],
      providers: [
        ComplexityPlugin,
        RequestOutcomePlugin,
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ResolverErrorsFilter },
      ],
    };
  }
}
